export function VersionCheck(_props: { onOpenMenu?: () => void }) {
  return null;
}
