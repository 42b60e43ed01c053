import { Link } from 'react-router';
import { cn } from '../lib/cn';
import { ESSENTIAL_STORAGE, FUNCTIONAL_STORAGE, type BrowserStorageItem } from './browser-storage-inventory';
import { LegalDocument, LegalSection, MailLink, PRIVACY_EMAIL } from './legal-document';

export function PrivacyPage() {
  return (
    <LegalDocument title="Privacy Policy">
      <p>
        Dukani is a point-of-sale and business management service for shops, built in and for Kenya. Each business
        (a “shop”) uses Dukani on its own web address, with its own staff, products, sales and records. This policy
        explains what information we handle, why, how long we keep it, and the rights you have under the Kenya Data
        Protection Act, 2019.
      </p>

      <LegalSection id="roles" title="1. Who is responsible for your data">
        <p>
          A shop decides what it records in Dukani about its products, sales, customers and staff. For those records
          the shop is the <strong>data controller</strong> and Dukani is its <strong>data processor</strong>: we hold
          and process them only to run the service for that shop, and on its instructions.
        </p>
        <p>
          For the shop's own account with us (who signed up, the subscription, payments to Dukani) and for the
          security records of people who sign in, Dukani is the data controller.
        </p>
      </LegalSection>

      <LegalSection id="collected" title="2. What we collect">
        <ul>
          <li>
            <strong>Account details</strong>: name, e-mail address, role and the shop an account belongs to.
          </li>
          <li>
            <strong>Shop records</strong>: products, stock, sales, purchases, contacts, accounting entries and settings
            that a shop's staff enter.
          </li>
          <li>
            <strong>Sign-in activity</strong>: the time of each sign-in, the IP address and the kind of browser or
            device, so you and your shop can spot sign-ins you do not recognise.
          </li>
          <li>
            <strong>Billing records</strong>: the plan, amounts in Kenya shillings, payment references and their
            status. Card details are entered on our card payment provider's page; Dukani never sees or stores full
            card numbers.
          </li>
          <li>
            <strong>Technical logs</strong>: request ids, error messages and timings that let us keep the service
            running and fix faults.
          </li>
        </ul>
      </LegalSection>

      <LegalSection id="cookies" title="3. Cookies and browser storage">
        <p>
          Dukani uses no advertising or tracking cookies and no third-party analytics. It keeps the items below in
          your browser. Essential items are needed for the service to work. Functional items remember your
          preferences; if you choose <strong>Decline</strong> in the cookie notice, Dukani stops keeping them and
          removes the ones already stored.
        </p>
        <StorageTable caption="Essential" items={ESSENTIAL_STORAGE} />
        <StorageTable caption="Functional" items={FUNCTIONAL_STORAGE} />
        <p>
          To change your choice later, clear this site's data in your browser; the cookie notice will ask again.
        </p>
      </LegalSection>

      <LegalSection id="use" title="4. How we use information">
        <ul>
          <li>To run the service: record sales, keep stock and accounts, produce reports and receipts.</li>
          <li>To keep accounts secure: sign-in history, password changes and e-mail verification codes.</li>
          <li>To bill subscriptions and answer support requests.</li>
          <li>To meet legal obligations, such as keeping tax records.</li>
        </ul>
        <p>We do not sell personal data and do not use shop records for advertising.</p>
      </LegalSection>

      <LegalSection id="retention" title="5. How long we keep it">
        <ul>
          <li>Account details: while the account is active, then deleted with the shop's data.</li>
          <li>
            Shop records: while the shop's subscription or trial is active, and for 90 days after it ends so the shop
            can come back or export its data. They are then deleted, and backups holding them roll off within a
            further 30 days.
          </li>
          <li>Sign-in activity: 12 months.</li>
          <li>Technical logs: 30 days.</li>
          <li>
            Billing records: as long as Kenyan tax law requires (currently five years under the Tax Procedures Act,
            2015).
          </li>
        </ul>
      </LegalSection>

      <LegalSection id="ownership" title="6. Your shop owns its data">
        <p>
          Everything a shop records in Dukani belongs to that shop. Each shop's data is kept apart from every other
          shop's, and staff of one shop cannot see another shop's records.
        </p>
        <ul>
          <li>
            <strong>Export</strong>: the shop's owner can ask for a complete copy of the shop's records at any time, in
            common formats (CSV and JSON), free of charge and whatever the plan.
          </li>
          <li>
            <strong>Deletion</strong>: the owner can ask us to delete the shop's records. We confirm the request with
            the owner, delete the records within 30 days, and keep only what the law requires us to keep.
          </li>
        </ul>
      </LegalSection>

      <LegalSection id="sharing" title="7. Who we share it with">
        <p>
          We share information only with the providers that run parts of the service for us (hosting, e-mail
          delivery, card payments), under contracts that bind them to protect it, and with authorities when Kenyan law
          requires it. Where information is processed outside Kenya, we do so only with the safeguards the Data
          Protection Act, 2019 requires.
        </p>
      </LegalSection>

      <LegalSection id="rights" title="8. Your rights">
        <p>Under the Kenya Data Protection Act, 2019 you have the right to:</p>
        <ul>
          <li>be told how your personal data is used;</li>
          <li>get a copy of the personal data held about you;</li>
          <li>object to its processing;</li>
          <li>have false or misleading data corrected, and have data deleted;</li>
          <li>receive your data in a form you can take elsewhere.</li>
        </ul>
        <p>
          If a shop holds your details (for example, you are one of its customers), contact that shop first; we help
          it answer. You may also complain to the Office of the Data Protection Commissioner (ODPC).
        </p>
      </LegalSection>

      <LegalSection id="security" title="9. How we protect it">
        <p>
          Connections are encrypted, passwords are stored only as salted hashes, each shop's records are separated in
          the database itself, and staff access is limited by role.
        </p>
      </LegalSection>

      <LegalSection id="changes" title="10. Changes to this policy">
        <p>
          We publish changes on this page with a new date. When a change matters to how we use your data, we tell
          shop owners by e-mail before it takes effect.
        </p>
      </LegalSection>

      <LegalSection id="contact" title="11. Contact">
        <p>
          Write to <MailLink address={PRIVACY_EMAIL} /> about this policy or to use your rights. See also our{' '}
          <Link to="/terms">Terms of Service</Link>.
        </p>
      </LegalSection>
    </LegalDocument>
  );
}

function StorageTable({ caption, items }: { caption: string; items: BrowserStorageItem[] }) {
  return (
    // Scrolls sideways on a phone; focusable so the keyboard can scroll it too.
    <div
      role="region"
      aria-label={`${caption} storage`}
      tabIndex={0}
      className="overflow-x-auto rounded-lg border outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60"
    >
      <table className="w-full min-w-[32rem] text-left text-sm">
        <caption className="border-b bg-muted/50 px-3 py-2 text-left font-medium">{caption}</caption>
        <thead className="text-muted-foreground">
          <tr className="border-b">
            <th scope="col" className="px-3 py-2 font-medium">
              Name
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Kind
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Kept for
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Purpose
            </th>
          </tr>
        </thead>
        <tbody className="divide-y">
          {items.map((item) => (
            <tr key={item.name} className="align-top">
              <td className={cn('px-3 py-2 break-words', item.isKey && 'font-mono text-xs')}>{item.name}</td>
              <td className="px-3 py-2">{item.kind}</td>
              <td className="px-3 py-2">{item.keptFor}</td>
              <td className="px-3 py-2">{item.purpose}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
