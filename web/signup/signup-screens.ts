// Sign-up's screens (issue 21): the only module a route table imports, so the area is one chunk with its catalog.
export { HandoffPage } from './handoff-page';
export { SignupPage } from './signup-page';
