import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { cn } from '../lib/cn';
import { ESSENTIAL_STORAGE, FUNCTIONAL_STORAGE, type BrowserStorageItem } from './browser-storage-inventory';
import { LegalDocument, LegalSection, MailLink, PRIVACY_EMAIL } from './legal-document';

export function PrivacyPage() {
  const { t } = useLingui();
  return (
    <LegalDocument title={t`Privacy Policy`}>
      <p>
        <Trans>
          Dukani is a point-of-sale and business management service for shops, built in and for Kenya. Each business
          (a “shop”) uses Dukani on its own web address, with its own staff, products, sales and records. This policy
          explains what information we handle, why, how long we keep it, and the rights you have under the Kenya Data
          Protection Act, 2019.
        </Trans>
      </p>

      <LegalSection id="roles" title={t`1. Who is responsible for your data`}>
        <p>
          <Trans>
            A shop decides what it records in Dukani about its products, sales, customers and staff. For those records
            the shop is the <strong>data controller</strong> and Dukani is its <strong>data processor</strong>: we hold
            and process them only to run the service for that shop, and on its instructions.
          </Trans>
        </p>
        <p>
          <Trans>
            For the shop's own account with us (who signed up, the subscription, payments to Dukani) and for the
            security records of people who sign in, Dukani is the data controller.
          </Trans>
        </p>
      </LegalSection>

      <LegalSection id="collected" title={t`2. What we collect`}>
        <ul>
          <li>
            <Trans>
              <strong>Account details</strong>: name, e-mail address, role and the shop an account belongs to.
            </Trans>
          </li>
          <li>
            <Trans>
              <strong>Shop records</strong>: products, stock, sales, purchases, contacts, accounting entries and
              settings that a shop's staff enter.
            </Trans>
          </li>
          <li>
            <Trans>
              <strong>Sign-in activity</strong>: the time of each sign-in, the IP address and the kind of browser or
              device, so you and your shop can spot sign-ins you do not recognise.
            </Trans>
          </li>
          <li>
            <Trans>
              <strong>Billing records</strong>: the plan, amounts in Kenya shillings, payment references and their
              status. Card details are entered on our card payment provider's page; Dukani never sees or stores full
              card numbers.
            </Trans>
          </li>
          <li>
            <Trans>
              <strong>Technical logs</strong>: request ids, error messages and timings that let us keep the service
              running and fix faults.
            </Trans>
          </li>
        </ul>
      </LegalSection>

      <LegalSection id="cookies" title={t`3. Cookies and browser storage`}>
        <p>
          <Trans>
            Dukani uses no advertising or tracking cookies and no third-party analytics. It keeps the items below in
            your browser. Essential items are needed for the service to work. Functional items remember your
            preferences; if you choose <strong>Decline</strong> in the cookie notice, Dukani stops keeping them and
            removes the ones already stored.
          </Trans>
        </p>
        <StorageTable caption={t`Essential`} label={t`Essential storage`} items={ESSENTIAL_STORAGE} />
        <StorageTable caption={t`Functional`} label={t`Functional storage`} items={FUNCTIONAL_STORAGE} />
        <p>
          <Trans>
            To change your choice later, clear this site's data in your browser; the cookie notice will ask again.
          </Trans>
        </p>
      </LegalSection>

      <LegalSection id="use" title={t`4. How we use information`}>
        <ul>
          <li>
            <Trans>To run the service: record sales, keep stock and accounts, produce reports and receipts.</Trans>
          </li>
          <li>
            <Trans>To keep accounts secure: sign-in history, password changes and e-mail verification codes.</Trans>
          </li>
          <li>
            <Trans>To bill subscriptions and answer support requests.</Trans>
          </li>
          <li>
            <Trans>To meet legal obligations, such as keeping tax records.</Trans>
          </li>
        </ul>
        <p>
          <Trans>We do not sell personal data and do not use shop records for advertising.</Trans>
        </p>
      </LegalSection>

      <LegalSection id="retention" title={t`5. How long we keep it`}>
        <ul>
          <li>
            <Trans>Account details: while the account is active, then deleted with the shop's data.</Trans>
          </li>
          <li>
            <Trans>
              Shop records: while the shop's subscription or trial is active, and for 90 days after it ends so the shop
              can come back or export its data. They are then deleted, and backups holding them roll off within a
              further 30 days.
            </Trans>
          </li>
          <li>
            <Trans>Sign-in activity: 12 months.</Trans>
          </li>
          <li>
            <Trans>Technical logs: 30 days.</Trans>
          </li>
          <li>
            <Trans>
              Billing records: as long as Kenyan tax law requires (currently five years under the Tax Procedures Act,
              2015).
            </Trans>
          </li>
        </ul>
      </LegalSection>

      <LegalSection id="ownership" title={t`6. Your shop owns its data`}>
        <p>
          <Trans>
            Everything a shop records in Dukani belongs to that shop. Each shop's data is kept apart from every other
            shop's, and staff of one shop cannot see another shop's records.
          </Trans>
        </p>
        <ul>
          <li>
            <Trans>
              <strong>Export</strong>: the shop's owner can ask for a complete copy of the shop's records at any time,
              in common formats (CSV and JSON), free of charge and whatever the plan.
            </Trans>
          </li>
          <li>
            <Trans>
              <strong>Deletion</strong>: the owner can ask us to delete the shop's records. We confirm the request with
              the owner, delete the records within 30 days, and keep only what the law requires us to keep.
            </Trans>
          </li>
        </ul>
      </LegalSection>

      <LegalSection id="sharing" title={t`7. Who we share it with`}>
        <p>
          <Trans>
            We share information only with the providers that run parts of the service for us (hosting, e-mail
            delivery, card payments), under contracts that bind them to protect it, and with authorities when Kenyan
            law requires it. Where information is processed outside Kenya, we do so only with the safeguards the Data
            Protection Act, 2019 requires.
          </Trans>
        </p>
      </LegalSection>

      <LegalSection id="rights" title={t`8. Your rights`}>
        <p>
          <Trans>Under the Kenya Data Protection Act, 2019 you have the right to:</Trans>
        </p>
        <ul>
          <li>
            <Trans>be told how your personal data is used;</Trans>
          </li>
          <li>
            <Trans>get a copy of the personal data held about you;</Trans>
          </li>
          <li>
            <Trans>object to its processing;</Trans>
          </li>
          <li>
            <Trans>have false or misleading data corrected, and have data deleted;</Trans>
          </li>
          <li>
            <Trans>receive your data in a form you can take elsewhere.</Trans>
          </li>
        </ul>
        <p>
          <Trans>
            If a shop holds your details (for example, you are one of its customers), contact that shop first; we help
            it answer. You may also complain to the Office of the Data Protection Commissioner (ODPC).
          </Trans>
        </p>
      </LegalSection>

      <LegalSection id="security" title={t`9. How we protect it`}>
        <p>
          <Trans>
            Connections are encrypted, passwords are stored only as salted hashes, each shop's records are separated in
            the database itself, and staff access is limited by role.
          </Trans>
        </p>
      </LegalSection>

      <LegalSection id="changes" title={t`10. Changes to this policy`}>
        <p>
          <Trans>
            We publish changes on this page with a new date. When a change matters to how we use your data, we tell
            shop owners by e-mail before it takes effect.
          </Trans>
        </p>
      </LegalSection>

      <LegalSection id="contact" title={t`11. Contact`}>
        <p>
          <Trans>
            Write to <MailLink address={PRIVACY_EMAIL} /> about this policy or to use your rights. See also our{' '}
            <Link to="/terms">Terms of Service</Link>.
          </Trans>
        </p>
      </LegalSection>
    </LegalDocument>
  );
}

function StorageTable({ caption, label, items }: { caption: string; label: string; items: BrowserStorageItem[] }) {
  return (
    // Scrolls sideways on a phone; focusable so the keyboard can scroll it too.
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className="overflow-x-auto rounded-lg border outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60"
    >
      <table className="w-full min-w-[32rem] text-left text-sm">
        <caption className="border-b bg-muted/50 px-3 py-2 text-left font-medium">{caption}</caption>
        <thead className="text-muted-foreground">
          <tr className="border-b">
            <th scope="col" className="px-3 py-2 font-medium">
              <Trans>Name</Trans>
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              <Trans>Kind</Trans>
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              <Trans>Kept for</Trans>
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              <Trans>Purpose</Trans>
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
