import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { LegalDocument, LegalSection, MailLink, SUPPORT_EMAIL } from './legal-document';

export function TermsPage() {
  const { t } = useLingui();
  return (
    <LegalDocument title={t`Terms of Service`}>
      <p>
        <Trans>
          These terms are the agreement between Dukani and the business that signs up (“the shop”), and they apply to
          everyone who uses Dukani on the shop's behalf. By creating an account or signing in, you accept them.
        </Trans>
      </p>

      <LegalSection id="service" title={t`1. The service`}>
        <p>
          <Trans>
            Dukani is an online point-of-sale and business management service: products and stock, sales, purchases,
            contacts, accounting, reports, staff and settings. Each shop is reached on its own address, either a
            subdomain of Dukani or its own domain, and sees only its own records.
          </Trans>
        </p>
      </LegalSection>

      <LegalSection id="accounts" title={t`2. Accounts and staff`}>
        <ul>
          <li>
            <Trans>
              The shop's owner decides who on the staff has an account and which role each person has, and is
              responsible for what those accounts do.
            </Trans>
          </li>
          <li>
            <Trans>
              Keep passwords secret and change a temporary password the first time you sign in. Tell us at once if you
              think an account has been misused.
            </Trans>
          </li>
          <li>
            <Trans>You must be at least 18 years old, or use Dukani under the supervision of the shop's owner.</Trans>
          </li>
        </ul>
      </LegalSection>

      <LegalSection id="plans" title={t`3. Trial, plans and payment`}>
        <ul>
          <li>
            <Trans>A new shop starts with a free trial with every feature available. No card is needed for the trial.</Trans>
          </li>
          <li>
            <Trans>
              After the trial, the shop chooses a plan. Prices are in Kenya shillings (KES) and paid in advance for each
              billing period through our card payment provider. The features and limits of each plan are shown before
              you pay.
            </Trans>
          </li>
          <li>
            <Trans>
              If a payment fails or a subscription ends, the shop's staff see a page asking for payment until it is
              made. The shop's records are kept as our <Link to="/privacy">Privacy Policy</Link> describes, and can
              still be exported.
            </Trans>
          </li>
          <li>
            <Trans>Payments already made are not refunded for part of a period, unless Kenyan consumer law requires it.</Trans>
          </li>
        </ul>
      </LegalSection>

      <LegalSection id="data" title={t`4. Your data`}>
        <p>
          <Trans>
            The shop owns the records it puts into Dukani. It gives us permission to store and process them only to
            provide, secure and support the service. The shop can ask for a full export at any time and can ask us to
            delete its records; our <Link to="/privacy">Privacy Policy</Link> explains how and when.
          </Trans>
        </p>
        <p>
          <Trans>
            Where the records contain personal data of the shop's customers or staff, the shop is responsible for
            having a lawful basis to collect it under the Kenya Data Protection Act, 2019.
          </Trans>
        </p>
      </LegalSection>

      <LegalSection id="use" title={t`5. Acceptable use`}>
        <p>
          <Trans>You agree not to:</Trans>
        </p>
        <ul>
          <li>
            <Trans>use Dukani to record or sell goods or services that are illegal in Kenya;</Trans>
          </li>
          <li>
            <Trans>try to reach another shop's records, or get around the limits of your plan or role;</Trans>
          </li>
          <li>
            <Trans>overload, probe or copy the service by automated means, except through an API your plan includes;</Trans>
          </li>
          <li>
            <Trans>upload malicious code, or use Dukani to send messages people have not agreed to receive.</Trans>
          </li>
        </ul>
        <p>
          <Trans>
            Dukani helps you keep records; the shop remains responsible for its own tax returns and for issuing the
            receipts and invoices the Kenya Revenue Authority requires.
          </Trans>
        </p>
      </LegalSection>

      <LegalSection id="availability" title={t`6. Availability and support`}>
        <p>
          <Trans>
            We work to keep Dukani available at all hours and announce planned maintenance in advance. Support is by
            e-mail on every plan; some plans add faster or phone support, as described on the plan.
          </Trans>
        </p>
      </LegalSection>

      <LegalSection id="ending" title={t`7. Ending the agreement`}>
        <p>
          <Trans>
            The shop can cancel at any time; the subscription then runs to the end of the period already paid. We may
            suspend or close a shop that breaks these terms, after warning the owner unless the breach puts other shops
            or the service at risk.
          </Trans>
        </p>
      </LegalSection>

      <LegalSection id="liability" title={t`8. Liability`}>
        <p>
          <Trans>
            To the extent Kenyan law allows, Dukani is not liable for lost profits or indirect losses, and our total
            liability for any claim is limited to the fees the shop paid us in the 12 months before it. Nothing in these
            terms limits liability that the law does not allow to be limited.
          </Trans>
        </p>
      </LegalSection>

      <LegalSection id="law" title={t`9. Governing law`}>
        <p>
          <Trans>These terms are governed by the laws of Kenya, and the courts of Kenya decide any dispute about them.</Trans>
        </p>
      </LegalSection>

      <LegalSection id="changes" title={t`10. Changes to these terms`}>
        <p>
          <Trans>
            We publish changes on this page with a new date and tell shop owners by e-mail at least 30 days before a
            change that affects them takes effect.
          </Trans>
        </p>
      </LegalSection>

      <LegalSection id="contact" title={t`11. Contact`}>
        <p>
          <Trans>
            Questions about these terms: <MailLink address={SUPPORT_EMAIL} />.
          </Trans>
        </p>
      </LegalSection>
    </LegalDocument>
  );
}
