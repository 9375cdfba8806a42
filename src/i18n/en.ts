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
      /** The user menu's way to the Security page (two-factor sign-in, sessions). */
      security: 'Security',
      home: 'Home',
      currentShop: 'Current shop',
      /** The shop sidebar's headings (MENU_GROUPS). */
      menuGroups: {
        orders: 'Orders and bookings',
        menu: 'Menu',
        money: 'Money',
        customers: 'Customers and marketing',
        shop: 'Shop',
      },
      shopNotFound: 'Shop not found',
      shopUnavailable: 'Cannot open this shop',
      breadcrumb: 'breadcrumb',
      /** The account screens' side panel. */
      pitch: 'Orders, menus and bookings for every shop you run.',
      pitchMore: 'Servery is the back office of your cafe or restaurant: take orders, keep the menu fresh and invite your team.',
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
    /** The live boards' own words (src/components/live); `noun` is what the board takes, from the area's messages. */
    board: {
      start: 'Start taking %{noun}',
      testSound: 'Test sound',
      acknowledge: 'Acknowledge',
      acknowledgeAll: 'Acknowledge all',
      fullScreen: 'Full screen',
      leaveFullScreen: 'Leave full screen',
      escapeLeaves: 'Escape leaves full screen',
      offline: 'Offline, reconnecting…',
      blockedUntilStart: 'Sound is blocked until you press Start taking %{noun}. New %{noun} will not ring.',
      browserBlocks: 'The browser is blocking sound. Press Start taking %{noun} again, and check the device is not muted.',
      soundOff: 'Sound is off. New %{noun} will not ring.',
      cannotStayAwake: 'This browser cannot keep the screen awake: set the device not to sleep while taking %{noun}.',
    },
    /** The history pages' own words (src/components/history). */
    history: {
      view: 'View',
    },
    /** An order's or booking's alert mails (src/components/AlertLog) and the board's overdue marker. */
    alerts: {
      log: 'Alert mails',
      showLog: 'Alert mails for %{name}',
      none: 'No alert mails have been sent for this one.',
      when: 'When',
      kind: 'Alert',
      to: 'To',
      status: 'Status',
      sentAt: 'Sent %{time}',
      attempts: '%{smart_count} attempt |||| %{smart_count} attempts',
      resend: 'Resend',
      resendTo: 'Resend the alert to %{to}',
      resent: 'The alert will be sent again.',
      close: 'Close',
      overdue: 'Overdue · %{minutes} min',
      overdueLong: 'Not accepted %{minutes} minutes after it was placed',
    },
    /** The alert fields of the order settings, on the Order Settings tab and the alerts page (src/components/forms). */
    orderAlerts: {
      hasUnprocessedOrderMonitor: 'Unprocessed order monitor',
      unprocessedOrderMonitorHelp: 'Alert when a new order is not accepted in time.',
      newOrderAlertEmailsCsv: 'New order alert emails',
      unprocessedOrderAlertEmailsCsv: 'Unprocessed order alert emails',
      emailsHelp: 'Addresses separated by commas.',
      unprocessedOrderAlertMinutes: 'Alert after (minutes)',
      unprocessedOrderAlertMinutesHelp: '1 to 120 minutes after the order was placed.',
      unprocessedOrderSecondAlert: 'Alert again at twice the delay',
      autoRejectUnprocessed: 'Reject unanswered orders automatically',
      autoRejectUnprocessedHelp: 'The customer is refunded and told the store is closed.',
      autoRejectAfterMinutes: 'Reject after (minutes)',
      autoRejectAfterMinutesHelp: '2 to 240 minutes, later than the first alert.',
      autoPauseUnanswered: 'Pause new orders when orders go unanswered',
      autoPauseUnansweredHelp:
        'An order counts once it waits twice the alert delay (or is rejected unanswered); answering any order ' +
        'starts again. The owner is mailed.',
      autoPauseAfterOrders: 'Pause after (orders in a row)',
      autoPauseAfterOrdersHelp: '1 to 20 orders.',
    },
    /** What every settings document's form says (src/components/forms). */
    forms: {
      readOnly: "Only the shop's admins can change these settings.",
      leaveTitle: 'Leave without saving?',
      keepEditing: 'Keep editing',
      leave: 'Leave',
      from: 'From',
      to: 'To',
      actions: 'Actions',
      /** A list of rows in a form (src/components/forms/ListEditor); %{row} and %{list} are the caller's nouns. */
      list: {
        add: 'Add %{row}',
        removeRow: 'Remove %{row} %{n}',
        removeAll: 'Remove all %{list}',
        removeAllTitle: 'Remove all %{list}?',
        removeAllText: 'All %{count} %{list} will be removed from the form. Nothing is saved until you save.',
        removeAllConfirm: 'Remove all',
      },
    },
    /** The dialog that asks for a fresh proof before what moves money or trust (src/components/StepUpDialog.tsx). */
    stepUp: {
      title: 'Confirm it is you',
      explainPassword: 'This change needs your password again. What you typed on the page is kept.',
      explainCode: 'This change needs a code from your authenticator app. What you typed on the page is kept.',
      password: 'Password',
      code: 'Code',
      codeHint: 'The 6-digit code the app shows for Servery.',
      recoveryHint: 'Lost your phone? A recovery code works too.',
      passwordRequired: 'Enter your password.',
      codeRequired: 'Enter the 6-digit code from your authenticator app.',
      confirm: 'Confirm',
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
      /** Sign-in's second step, when the account has two-factor sign-in on. */
      twoFactorTitle: 'Enter your code',
      twoFactorSubtitle: 'Open your authenticator app and enter the 6-digit code it shows for Servery.',
      twoFactorCode: 'Code',
      twoFactorHint: 'Lost your phone? Enter one of your recovery codes instead.',
      verifyCode: 'Verify',
      /** The set-up a user who must use two-factor is held at after the password (src/pages/TwoFactorSetupRequired.tsx). */
      twoFactorRequiredTitle: 'Set up two-factor sign-in',
      twoFactorRequiredHint:
        'Your account must sign in with a code from an authenticator app. Set it up now to continue; you will be taken on once it is on.',
    },
  },
};
