import { useEffect } from 'react';
import { useEditMode } from '../../site';
import { SignInCard } from './LoginPage';

/**
 * `/login/edit`, the admin menu's "/login (edit)" (spec §2, type 2): the sign-in page as visitors see it, opened with
 * its texts editable in place. The top bar's pencil ends editing as on any page.
 */
export default function LoginEditPage() {
  const { start } = useEditMode();
  useEffect(start, [start]);
  return <SignInCard preview />;
}
