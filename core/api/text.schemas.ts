import { z } from 'zod';

// Control characters have no place in what people type into a shop's screens, and PostgreSQL
// refuses a NUL in text outright (a 500, issue 11). Every text field and query string starts from
// one of these two, so a stray byte gets a message on its field instead. C1 (U+0080–U+009F) is
// refused too: nobody types it, it shows as nothing, and it is what mis-decoded Windows text leaves.

export const CONTROL_CHARACTERS_MESSAGE = /*i18n*/ 'Remove control characters';

// Unicode's control category (Cc) is exactly C0, DEL and C1.
const NO_CONTROL_CHARACTERS = /^\P{Cc}*$/u;
const NO_CONTROL_CHARACTERS_BUT_LINE_BREAKS = /^(?:\P{Cc}|[\t\n\r])*$/u;

/** One line of text (a name, a code, a search): no control characters, tab included. */
export const safeLine = () => z.string().regex(NO_CONTROL_CHARACTERS, { message: CONTROL_CHARACTERS_MESSAGE });

/** Text that may run over several lines (notes, addresses, receipt texts): tab, newline and CR allowed. */
export const safeText = () => z.string().regex(NO_CONTROL_CHARACTERS_BUT_LINE_BREAKS, { message: CONTROL_CHARACTERS_MESSAGE });
