export function NewsBanner(_props: { onOpenMenu?: () => void }) {
  return null;
}
