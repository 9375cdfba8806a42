import englishMessages from 'ra-language-english';
import { messages } from '../../domain/messages';

/**
 * The shell's English messages: react-admin's own strings and, under `servery.`, every message of the spec (same
 * keys as domain/messages.ts) and the shell's own labels. Each area's labels are its resources/<area>/i18n.ts,
 * mounted at resources.<area>.* (src/providers.ts).
 */
export const en = {
  ...englishMessages,
  ra: {
    ...englishMessages.ra,
    message: {
      ...englishMessages.ra.message,
      // spec 1 §5: any invalid form gives 'Invalid form'.
      invalid_form: messages.invalidForm,
    },
    page: { ...englishMessages.ra.page, not_found: messages.noMatch },
  },
  servery: {
    ...messages,
    app: {
      name: 'Servery',
      tagline: 'The back office for your cafe and restaurant',
      about: 'About Servery',
      copyright: '© %{year} Servery',
      shops: 'Shops',
      shop: 'Shop',
      superAdmin: 'Super Admin',
      backToShops: 'All shops',
      goHome: 'Go Home',
      logout: 'Logout',
      home: 'Home',
      currentShop: 'Current shop',
      shopNotFound: 'Shop not found',
      shopUnavailable: 'Cannot open this shop',
    },
    /** The image input and its crop dialog (src/components/ImageInput). */
    image: {
      change: 'Change',
      remove: 'Remove',
      choose: 'Choose image',
      cropTitle: 'Crop image',
      noneChosen: 'No image chosen',
      zoom: 'Zoom',
      chooseAnother: 'Choose another',
      uploading: 'Uploading',
      cancel: 'Cancel',
      upload: 'Upload',
      discardTitle: 'Discard this image?',
      discardText: 'The image you chose has not been uploaded yet.',
      keep: 'Keep editing',
      discard: 'Discard',
    },
    /** What every settings document's form says (src/components/forms). */
    forms: {
      readOnly: "Only the shop's admins can change these settings.",
    },
    account: {
      signIn: 'Sign in',
      signInTitle: 'Sign in to Servery',
      signInSubtitle: 'Manage your shops, orders and menus.',
      email: 'Email',
      password: 'Password',
      confirmPassword: 'Confirm password',
      newPassword: 'New password',
      name: 'Name',
      agreement: 'I have read and accept the terms of service and the privacy policy.',
      noAccount: 'New to Servery?',
      createAccount: 'Create an account',
      forgotPassword: 'Forgot password?',
      registerTitle: 'Create your account',
      registerSubtitle: 'Open your shop on Servery in a few minutes.',
      register: 'Sign up',
      haveAccount: 'Already have an account?',
      resetTitle: 'Reset your password',
      resetSubtitle: 'We will e-mail you a link to choose a new password.',
      sendResetLink: 'Send reset link',
      backToSignIn: 'Back to sign in',
      newPasswordTitle: 'Choose a new password',
      savePassword: 'Save password',
      alreadyLoggedInHint: 'You are signed in as %{email}. Taking you home in %{seconds} s…',
      alreadyLoggedInStay: 'You are signed in as %{email}.',
      verifyHint: 'We sent a verification link to %{email}. Open it to continue.',
      resendVerification: 'Resend Verification Email',
      requestNewLink: 'Request a new link',
      passwordHint: 'At least 8 characters',
      continue: 'Continue',
    },
  },
};
