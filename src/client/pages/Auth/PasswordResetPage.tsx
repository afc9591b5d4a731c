export default function PasswordResetPage() {
  return null;
}
