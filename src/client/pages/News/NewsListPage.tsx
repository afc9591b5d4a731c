export default function NewsListPage() {
  return null;
}
