import { Trans, useLingui } from '@lingui/react/macro';
import type { MessageView } from '../../core/communications/communications.schemas';
import { formatMinorUnits } from '../../core/settings/money.rules';
import { Badge } from '../components/ui/badge';
import { Button } from '../components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../components/ui/table';
import { useDateFormat } from '../lib/date-format';
import { CHANNEL_NAMES, KIND_NAMES, STATUS_NAMES } from './communications-labels';

/**
 * Messages as the log shows them: when, to whom on which channel, the text, the status (the
 * sandbox marked, the provider's reason) and the cost. `onSandboxReport` offers the sandbox's
 * delivery report on a message it sent (the owner's, on the communications page).
 */
export function MessageTable({ messages, label, onSandboxReport, reporting = false }: { messages: MessageView[]; label: string; onSandboxReport?: (id: string) => void; reporting?: boolean }) {
  const { i18n } = useLingui();
  const { formatDateTime } = useDateFormat();
  return (
    <Table aria-label={label}>
      <TableHeader>
        <TableRow>
          <TableHead>
            <Trans>When</Trans>
          </TableHead>
          <TableHead>
            <Trans>To</Trans>
          </TableHead>
          <TableHead>
            <Trans>Message</Trans>
          </TableHead>
          <TableHead>
            <Trans>Status</Trans>
          </TableHead>
          <TableHead>
            <Trans>Cost</Trans>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {messages.map((message) => (
          <TableRow key={message.id} data-testid="message-row">
            <TableCell className="whitespace-nowrap">{formatDateTime(message.createdAt)}</TableCell>
            <TableCell>
              <div>{message.contactName ?? message.recipient}</div>
              <div className="text-xs text-muted-foreground">
                {i18n._(CHANNEL_NAMES[message.channel])} · {message.recipient}
              </div>
            </TableCell>
            <TableCell className="max-w-md">
              <div className="text-xs text-muted-foreground">{i18n._(KIND_NAMES[message.kind])}</div>
              <div className="whitespace-pre-wrap">{message.body}</div>
            </TableCell>
            <TableCell>
              <div className="flex flex-wrap items-center gap-1">
                <Badge variant={message.status === 'failed' ? 'destructive' : message.status === 'delivered' ? 'default' : 'secondary'}>{i18n._(STATUS_NAMES[message.status])}</Badge>
                {message.sandbox ? (
                  <Badge variant="outline">
                    <Trans>Sandbox</Trans>
                  </Badge>
                ) : null}
              </div>
              {message.failureReason ? <div className="text-xs text-muted-foreground">{message.failureReason}</div> : null}
              {onSandboxReport && message.sandbox && message.status === 'sent' ? (
                <Button variant="link" size="sm" className="h-auto p-0" onClick={() => onSandboxReport(message.id)} disabled={reporting}>
                  <Trans>Send the sandbox delivery report</Trans>
                </Button>
              ) : null}
            </TableCell>
            <TableCell className="whitespace-nowrap">{message.costMinor === null ? '—' : formatMinorUnits(message.costMinor, message.costCurrency ?? '')}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
