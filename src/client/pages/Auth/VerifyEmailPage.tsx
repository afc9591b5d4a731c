export default function VerifyEmailPage() {
  return null;
}
