/** What other features use of identity: the account pages' layout, fields, rules and error texts. */
export { AuthLayout } from './Auth/AuthLayout';
export { FocusOnMount } from './Auth/FocusOnMount';
export { EmailField, NameFields } from './Auth/fields';
export { PasswordField } from './Auth/PasswordField';
export { useErrorText, weakPasswordReason } from './Auth/useErrorText';
export { useAuthRules } from './Auth/validation';
