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
    submit: 'Sign in',
    forgotPassword: 'Forgot your password?',
    noAccount: 'No account yet?',
    register: 'Create an account',
    resetPassword: 'Reset your password',
    signingOut: 'Signing out…',
    redirecting: 'Checking your sign-in…',
  },
};
