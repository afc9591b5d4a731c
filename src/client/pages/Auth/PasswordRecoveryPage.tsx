export default function PasswordRecoveryPage() {
  return null;
}
