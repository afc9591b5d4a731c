import { useEffect } from 'react';
import { useEditMode } from '../../site';
import { SignInCard } from './LoginPage';

/**
 * `/login/edit`, the admin menu's "/login (edit)" (spec §2, type 2): the sign-in page as visitors see it, opened with
 * its texts editable in place. The top bar's pencil ends editing as on any page; leaving the page ends it too.
 */
export default function LoginEditPage() {
  const { start, stop } = useEditMode();
  // Editing is this page's purpose: it starts with the page, and ends (saving what is pending) when it is left.
  useEffect(() => {
    start();
    return stop;
  }, [start, stop]);
  return <SignInCard preview />;
}
