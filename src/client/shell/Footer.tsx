export function Footer(_props: { onOpenMenu?: () => void }) {
  return null;
}
