export default function DeniedPage() {
  return null;
}
