/**
 * Every user-facing message of the spec, word for word (typos included).
 * The console's English catalogue and the server's error bodies both read from here,
 * so a message is written once.
 */
export const messages = {
  // accounts (spec 1 §5, §8)
  passwordMin: 'Password should be atleast 8 characters',
  passwordMax: 'Password should not be larger than 256 characters',
  passwordMismatch: 'Password did not match!',
  reenterPasswords: 'Re-enter passwords',
  acceptAgreement: 'Please review and accept the agreement.',
  nameRequired: 'Name is required',
  emailInvalid: 'The email entered is invalid',
  invalidForm: 'Invalid form',
  resetEmailRequired: 'Please enter your email',
  enterYourEmail: 'Enter your email',
  resetEmailSent: 'Password Reset Email sent',
  missingActionCode: 'Cannot find action code.',
  passwordUpdated: 'Password updated.',
  emailVerified: 'Email successfully verified.',
  verifyingEmail: 'Verifying email',
  unknownMode: 'Unknown mode',
  alreadyLoggedIn: 'Already Logged In',
  emailNotRegistered: 'Email not registered - The given email is not registered. Please sign-up.',
  emailAlreadyRegistered: 'Email already registered',
  verificationEmailSent: 'Verification Email Sent',
  emailNotVerified: 'Email Not Verified',
  wrongPassword: 'The password is invalid.',
  actionCodeInvalid: 'This link is invalid or has already been used.',
  actionCodeExpired: 'This link has expired. Please request a new one.',
  alreadyVerified: 'Your email is already verified.',
  tooManyRequests: 'Too many attempts. Please wait a minute and try again.',
  nulCharacter: 'Text cannot contain the NUL character (\\u0000).',
  sessionExpired: 'Your session has expired. Please sign in again.',
  notAllowed: 'You are not allowed to do this.',
  noResponse: 'The request was made but no response was received',
  requestSetupFailed: 'Something happened in setting up the request that triggered an Error',

  // generic validation kinds (spec 1 §5)
  required: '%{name} is required',
  minLength: 'should be at least %{n} characters',
  maxLength: 'should not be larger than %{n} characters',
  minNumber: 'should be at least %{n}',
  maxNumber: 'should not be larger than %{n}',
  notADate: 'should be a date',
  minItems: 'should contain at least 1 item',
  minKeys: 'should contain at least %{n} keys',

  // shops
  cannotFind: 'Cannot find %{name} with id %{id}',
  unknownShopType: 'Unknown shop type %{type}',
  noMatch: 'No match',
  pleaseWait: 'Please Wait',
  shopCreated: 'Shop created. It will be listed once it has been reviewed.',
  shopSaved: 'Shop saved',
  shopsEmpty: 'Shops empty',
  listEmpty: 'List Empty',
  excitedToSeeYou: 'We are excited to see you!',
  noPendingReviews: 'No pending reviews',
  searchNoMatch: 'Search did not match any shops.',
  searching: 'Searching ...',
  approveConfirm: 'Approve?',
  shopApproved: 'Shop approved',
  shopRejected: 'Shop rejected',
  rejectReasonRequired: 'Please give a reason for rejecting this shop.',
  countryLocked: 'The country cannot be changed after the shop is created.',
  typeLocked: 'The category cannot be changed after the shop is created.',
  invalidCursor: 'This page link is no longer valid. Start again from the first page.',

  // staff and invitations (spec 3 §8)
  inviteEmailRequired: 'Please enter the email of the user to be invited.',
  userInvited: 'User Invited.',
  userRemoved: 'User removed.',
  inviteRemoved: 'Invite removed.',
  invitationEmailSent: 'Invitation Email Sent.',
  invitationAccepted: 'Invitation accepted.',
  invitationRejected: 'Invitation rejected.',
  invitationMissingAction: 'Invalid invitation. Cannot find action.',
  invitationMissingToken: 'Invalid invitation. Cannot find token.',
  invitationInvalid: 'This invitation is invalid or has already been used.',
  invitationExpired: 'This invitation has expired. Ask the shop to resend it.',
  invitationWrongAccount: 'This invitation was sent to another email address. Sign in with %{email} to answer it.',
  noPendingInvitations: 'No pending invitations',
  areYouSure: 'Are you sure?',
  alreadyShopUser: 'This user already works at this shop.',
  cannotRemoveLastAdmin: 'A shop needs at least one admin.',
  userAddedAsAdmin: 'User added as shop admin. An email with the login details was sent to %{email}.',

  // uploads (spec 1 §5, §8)
  selectImage: 'Please select an image.',
  uploadError: 'Upload error %{code}',
  uploadNotImage: 'The file is not a supported image (JPEG, PNG, WebP, GIF or AVIF).',
  uploadTooLarge: 'The image is too large. The limit is %{mb} MB.',
  uploadTooManyPixels: 'The image has too many pixels. The limit is %{mp} megapixels.',
  uploadWrongAspect: 'The image must have a %{ratio} aspect ratio (this one is %{width}×%{height}). Crop it and try again.',
  uploadUnknownAspect: 'Unknown aspect ratio %{aspect}.',
  // What the console says when an upload fails, in words a person can act on (the HTTP code is shown beside it).
  uploadUnreadable: 'This file is not an image we can read. Try a JPEG or PNG.',
  uploadTooLargeTryAnother: 'This image is too large. Try a smaller one, or crop it closer.',
  uploadOffline: 'We could not reach Servery. Check your connection and try again.',
  uploadSignedOut: 'Your session has ended. Sign in again, then upload the image.',
  uploadNotAllowed: 'You are not allowed to upload images here.',
  uploadTooOften: 'You have uploaded many images in a short time. Wait a minute, then try again.',
  uploadServerFailed: 'We could not save the image just now. Please try again in a moment.',
  uploadCropFailed: 'This browser could not crop the image. Try another image, or another browser.',
  mediaWidth: 'The width must be 300 or 130.',
  imageNotUploaded: 'Use an image uploaded to Servery by you or this shop. Upload it again.',

  // platform
  stripeSwitchLabel: 'Switch to unified Stripe Connect',
  goTime: "Are you sure? It's go time!",
  stripePkRequired: 'stripePk is required',
  unknownSettingsKind: 'Unknown settings kind %{kind}',
  saved: 'Saved',

  // posts and billboards (spec 1 §3, §5; issue 11)
  postCreated: '%{title} Created',
  postUpdated: '%{title} Updated',
  postDeleted: 'Post deleted',
  postImagesMax: 'A post can have at most 10 images.',
  postImageAspect: 'Every image of this post must be %{ratio}. Crop it again.',
  postExpiresBeforePublish: 'The expiry must be after the publish time.',
  billboardsMax: 'A shop can have at most 10 billboards. Delete one to add another.',
  billboardAspect: 'A billboard must be a 16:9 image. Crop it again.',
  billboardsSaved: 'Billboards saved',
} as const;

export type MessageKey = keyof typeof messages;

/** Fills %{name} placeholders the way polyglot does, for server-side messages. */
export function format(template: string, values: Record<string, string | number> = {}): string {
  return template.replace(/%\{(\w+)\}/g, (_, k: string) => (k in values ? String(values[k]) : `%{${k}}`));
}
