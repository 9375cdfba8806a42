/** The platform area's messages (resources.platform.*): a shop's transaction fee and the Stripe switch. */
export const i18n = {
  transactionFee: {
    name: 'Transaction Fee',
    fields: {
      applicable: 'Applicable',
      microLimit: 'Micro limit',
      microAmount: 'Micro amount',
      microPercentage: 'Micro percentage',
      normalAmount: 'Normal amount',
      normalPercentage: 'Normal percentage',
    },
    subtitle: 'What %{shop} pays the platform per card order.',
    amountHelp: 'In %{symbol}, e.g. 0.30',
    percentageHelp: '0 to 100 %',
    notApplicable: 'No fee is charged to this shop. Turn on Applicable to set one.',
    applicableHelp: 'Charge this shop a fee on every card order.',
    micro: 'Micro orders (up to the micro limit)',
    normal: 'Normal orders',
  },
  security: {
    requireTwoFactorForSuperAdmins: 'Every super admin must use two-factor sign-in',
    help: 'Super admins without it are taken to set it up after their password, the next time they sign in.',
    saved: 'Security rules saved',
  },
  stripeSwitch: {
    apply: 'Apply',
    fields: {
      switchToCustomConnect: 'Switch to unified Stripe Connect',
      stripePk: 'Publishable key',
      oldStripePk: 'Previous publishable key',
    },
    subtitle: 'Which card-payment account the console connects shops to.',
    stripePkHelp: 'Publishable key of the platform’s main Stripe account (unified Connect), pk_…',
    oldStripePkHelp: 'Publishable key of the platform’s previous Stripe account, used while the switch is off',
    /** 'The console will load pk_… (the main account).': the key is shown as code between the two halves. */
    willLoad: 'The console will load',
    noKey: 'no key',
    mainAccount: 'the main account',
    previousAccount: 'the previous account',
    enterKey: 'Enter the publishable key to apply.',
    toUnified: 'Every shop switches to unified Stripe Connect.',
    toPrevious: 'Every shop goes back to the previous Stripe account.',
  },
};
