export default function NewsItemPage() {
  return null;
}
