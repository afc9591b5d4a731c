export function NavDrawer(_props: { opened: boolean; onClose: () => void }) {
  return null;
}
