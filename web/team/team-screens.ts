// The team's screens (issue 20): the only module a route table imports, so the area is one chunk with its catalog.
export { AcceptInvitationPage } from './accept-invitation-page';
export { TeamPage } from './team-page';
