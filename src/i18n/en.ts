import englishMessages from 'ra-language-english';
import { messages } from '../../domain/messages';

/**
 * The English catalogue: react-admin's own strings, every message of the spec under `servery.`
 * (same keys as domain/messages.ts) and field labels per resource. Areas with more labels add
 * them to `resources` below.
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
    /** Page names: the h1, the tab title '<page> · <shop> · Servery' and the sidebar. */
    pages: {
      review: 'Review',
      browse: 'Browse',
      search: 'Search',
      stripe: 'Stripe',
      invitation: 'Invitation',
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
  resources: {
    shops: {
      name: 'Shop |||| Shops',
      menu: { list: 'Shops', create: 'New Shop', edit: 'Edit Shop', overview: 'Overview' },
      fields: {
        name: 'Name',
        description: 'Description',
        locality: 'Locality',
        country: 'Country',
        type: 'Type',
        category: 'Category',
        timezone: 'Time zone',
        logo: 'Logo',
        listing: 'Listing',
        shopListing: 'Shop Listing',
        'listing.status': 'Listing Status',
        'listing.rejectReason': 'Reject Reason',
        createdAt: 'Created',
        updatedAt: 'Updated',
        submittedAt: 'Submitted',
      },
    },
    sellers: { name: 'Shop User |||| Shop Users', menu: 'Users', fields: { email: 'Email', name: 'Name', role: 'Role', password: 'Password' } },
    invites: {
      name: 'Invitation |||| Invitations',
      fields: { created: 'Sent On', fromEmail: 'From', toEmail: 'To', to: 'Email', role: 'Role' },
      action: {
        resend: 'Resend Invitation',
        resendTo: 'Resend Invitation to %{email}',
        remove: 'Remove',
        removeTo: 'Remove invitation to %{email}',
        removeConfirm: 'The invitation to %{email} will stop working.',
      },
    },
    transaction_fee: {
      name: 'Transaction Fee',
      menu: 'Transaction Fee',
      fields: {
        applicable: 'Applicable',
        microLimit: 'Micro limit',
        microAmount: 'Micro amount',
        microPercentage: 'Micro percentage',
        normalAmount: 'Normal amount',
        normalPercentage: 'Normal percentage',
      },
    },
    remote_config: {
      name: 'Stripe',
      fields: {
        switchToCustomConnect: 'Switch to unified Stripe Connect',
        stripePk: 'Publishable key',
        oldStripePk: 'Previous publishable key',
      },
    },
    // orders (issue 10)
    orders: {
      name: 'Order |||| Orders',
      menu: { dashboard: 'New Orders', history: 'Order History', detail: 'Order' },
      fields: {
        placedAt: 'Order Time',
        customerName: 'Customer',
        mobile: 'Mobile',
        collectionType: 'Collection',
        paymentType: 'Payment',
        paymentStatus: 'Payment Status',
        grandTotal: 'Grand Total',
        eta: 'ETA',
        orderStatusRestaurant: 'Status',
      },
    },
  },
};
