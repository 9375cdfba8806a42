/** The alerts area's messages (resources.alerts.*): the alerts page and the platform's failed mails. */
export const i18n = {
  name: 'Alerts',
  title: 'Alerts',
  mine: {
    title: 'My alerts at this shop',
    intro: 'Only for you, and only at this shop: your other shops keep their own.',
    mails: 'E-mail me',
    orderPlaced: 'Each new order',
    newBooking: 'Each new booking',
    board: 'New Orders and New Bookings',
    soundOn: 'Ring for new orders and bookings',
    sound: 'Sound',
    test: 'Test',
    testSound: 'Play the %{sound} sound',
    cannotPlay: 'This browser cannot play the sound. Check that the tab is not muted.',
  },
  sounds: { default: 'Default', chime: 'Chime', bell: 'Bell', ding: 'Ding' },
  shop: {
    title: 'Shop alert lists',
    intro: 'For everyone at this shop. The same settings are on the Order Settings tab.',
  },
  recent: {
    title: 'Last 50 alerts',
    none: 'No alert mails have been sent from this shop yet.',
  },
  failed: {
    intro: 'Mails the queue gave up on after its retries. Fix the cause (the mail server, an address), then retry.',
    none: 'No failed mails.',
    queue: 'Queue',
    details: 'Details',
    error: 'Error',
    failedAt: 'Failed',
    retry: 'Retry',
    retryJob: 'Retry the %{queue} job of %{time}',
    retried: 'The job will run again.',
  },
};
