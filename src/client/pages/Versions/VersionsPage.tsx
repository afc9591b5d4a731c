export default function VersionsPage() {
  return null;
}
