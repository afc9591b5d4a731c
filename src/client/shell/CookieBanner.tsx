export function CookieBanner(_props: { onOpenMenu?: () => void }) {
  return null;
}
