export function TopBar(_props: { onOpenMenu?: () => void }) {
  return null;
}
