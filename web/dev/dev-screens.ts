/** Development tools (the server does not serve /dev in production): one chunk. */
export { CrashPage } from './crash-page';
export { MailboxPage } from './mailbox-page';
