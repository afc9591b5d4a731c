/** The sign-in page and the fields it shares with the other account forms (spec §2): all the first page needs. */
export const signIn = {
  fields: {
    email: 'Email',
    password: 'Password',
  },
  validation: {
    emailRequired: 'Enter your email address.',
    emailInvalid: 'Enter a valid email address, like name@example.com.',
    passwordRequired: 'Enter your password.',
  },
  password: {
    hint: 'At least {{min}} characters. Long phrases are easy to remember and hard to guess.',
    show: 'Show password',
  },
  login: {
    title: 'Sign in',
    intro: 'Sign in to continue with your courses.',
    preview:
      'This is the sign-in page as visitors see it. Change its texts in place, above and below the form; the form signs nobody in here.',
    submit: 'Sign in',
    forgotPassword: 'Forgot your password?',
    noAccount: 'No account yet?',
    register: 'Create an account',
    resetPassword: 'Reset your password',
    signingOut: 'Signing out…',
    redirecting: 'Checking your sign-in…',
  },
};
