export default function TextPage(_props: { page: 'faq' | 'terms' | 'privacy' }) {
  return null;
}
