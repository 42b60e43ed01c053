import { useQuery } from '@tanstack/react-query';
import { InboxIcon, MailIcon, PaperclipIcon, RefreshCwIcon, SearchIcon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Badge } from '../components/ui/badge';
import { Button } from '../components/ui/button';
import { Input } from '../components/ui/input';
import { Label } from '../components/ui/label';
import { Spinner } from '../components/ui/spinner';
import { apiRequest, isApiError } from '../lib/api-client';
import { cn } from '../lib/cn';
import { useDateFormat } from '../lib/date-format';
import { useDocumentTitle } from '../lib/use-document-title';
import { withLinksInNewTab } from './mail-html';
import { outboxResponseSchema, type OutboxMessage } from '../../core/email/outbox.schemas';


const OUTBOX_LIMIT = 100;

/** /dev/mailbox: the e-mails Dukani recorded in its local outbox (development only; hidden in production). */
export function MailboxPage() {
  useDocumentTitle('Development mailbox · Dukani');
  const { formatDateTime } = useDateFormat();
  const [filterInput, setFilterInput] = useState('');
  const [to, setTo] = useState('');
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const outbox = useQuery({
    queryKey: ['dev', 'outbox', to],
    queryFn: () => {
      const params = new URLSearchParams({ limit: String(OUTBOX_LIMIT) });
      if (to) params.set('to', to);
      return apiRequest(`/api/dev/outbox?${params.toString()}`, { schema: outboxResponseSchema });
    },
    staleTime: 0,
    meta: { errorMessage: 'Loading the development outbox failed' },
  });

  const messages = outbox.data?.messages ?? [];
  const selected = messages.find((message) => message.id === selectedId) ?? messages[0] ?? null;

  const applyFilter = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTo(filterInput.trim().toLowerCase());
    setSelectedId(null);
  };

  return (
    <div className="min-h-dvh bg-background">
      <header className="border-b bg-muted/40">
        <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-4 sm:flex-row sm:items-center sm:gap-4">
          <div className="grid min-w-0 flex-1 gap-1">
            <h1 className="flex flex-wrap items-center gap-2 text-xl font-semibold">
              <InboxIcon aria-hidden className="size-5 text-primary" />
              Development mailbox
              <Badge variant="accent">Local development only</Badge>
            </h1>
            <p className="text-sm text-muted-foreground">
              E-mails this Dukani server recorded in its local outbox, newest first: reset links, verification codes and
              address confirmations. Production servers do not have this page.
            </p>
          </div>
          <Button variant="link" asChild className="self-start px-0 sm:self-center">
            <Link to="/auth">Back to sign-in</Link>
          </Button>
        </div>
      </header>

      <main className="mx-auto grid max-w-6xl gap-4 px-4 py-6">
        <div className="grid gap-2 sm:flex sm:items-end">
          <form onSubmit={applyFilter} className="flex min-w-0 flex-1 items-end gap-2" role="search">
            <div className="grid min-w-0 flex-1 gap-2">
              <Label htmlFor="mailbox-filter">Filter by address</Label>
              <Input
                id="mailbox-filter"
                type="search"
                inputMode="email"
                autoCapitalize="none"
                spellCheck={false}
                placeholder="owner@demo.test"
                value={filterInput}
                onChange={(event) => setFilterInput(event.target.value)}
              />
            </div>
            <Button type="submit" variant="secondary">
              <SearchIcon aria-hidden />
              Filter
            </Button>
          </form>
          <Button
            variant="outline"
            className="justify-self-start"
            onClick={() => void outbox.refetch()}
            disabled={outbox.isFetching}
          >
            <RefreshCwIcon aria-hidden className={cn(outbox.isFetching && 'animate-spin')} />
            Refresh
          </Button>
        </div>

        {outbox.isPending ? (
          <div className="flex justify-center py-16">
            <Spinner label="Loading messages" />
          </div>
        ) : outbox.isError ? (
          <p role="alert" className="rounded-lg border border-destructive/40 px-4 py-6 text-center text-sm text-destructive">
            {isApiError(outbox.error) && outbox.error.status === 404
              ? 'This server does not keep a development outbox (it runs in production mode).'
              : isApiError(outbox.error) && outbox.error.status === 403
                ? outbox.error.message
                : 'The outbox could not be loaded.'}
          </p>
        ) : messages.length === 0 ? (
          <p className="rounded-lg bg-muted px-4 py-10 text-center text-sm text-muted-foreground">
            {to ? `No messages to ${to}.` : 'No messages yet.'}
          </p>
        ) : (
          <div className="grid gap-4 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
            <ul aria-label="Messages" className="grid max-h-[70dvh] content-start self-start divide-y overflow-y-auto rounded-lg border">
              {messages.map((message) => (
                <li key={message.id}>
                  <button
                    type="button"
                    aria-current={message.id === selected?.id ? 'true' : undefined}
                    onClick={() => setSelectedId(message.id)}
                    className="grid w-full gap-0.5 px-3 py-2.5 text-left text-sm outline-none hover:bg-accent/60 focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:ring-inset aria-[current=true]:bg-secondary"
                  >
                    <span className="truncate font-medium">{message.subject}</span>
                    <span className="truncate text-xs text-muted-foreground">{message.to}</span>
                    <time dateTime={message.createdAt} className="text-xs text-muted-foreground">
                      {formatDateTime(message.createdAt)}
                    </time>
                  </button>
                </li>
              ))}
            </ul>
            {selected && <MessageView message={selected} />}
          </div>
        )}
      </main>
    </div>
  );
}

function MessageView({ message }: { message: OutboxMessage }) {
  const { formatDateTime } = useDateFormat();
  return (
    <article aria-labelledby="message-subject" className="grid min-w-0 content-start gap-4 rounded-lg border p-4">
      <header className="grid gap-1">
        <h2 id="message-subject" className="flex items-start gap-2 font-semibold break-words">
          <MailIcon aria-hidden className="mt-1 size-4 shrink-0 text-muted-foreground" />
          {message.subject}
        </h2>
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-0.5 text-sm">
          <dt className="text-muted-foreground">To</dt>
          <dd className="break-all">{message.to}</dd>
          <dt className="text-muted-foreground">Kind</dt>
          <dd>{message.kind}</dd>
          <dt className="text-muted-foreground">Sent</dt>
          <dd>{formatDateTime(message.createdAt)}</dd>
        </dl>
      </header>
      {message.attachments.length > 0 && (
        <section aria-label="Attachments" className="grid gap-2">
          <h3 className="text-sm font-medium">Attachments</h3>
          <ul className="flex flex-wrap gap-2">
            {message.attachments.map((file, index) => (
              <li key={`${index}-${file.filename}`}>
                <a
                  href={`/api/dev/outbox/${message.id}/attachments/${index}`}
                  target="_blank"
                  rel="noreferrer"
                  className="inline-flex items-center gap-1.5 rounded-md border px-2.5 py-1.5 text-sm hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
                >
                  <PaperclipIcon aria-hidden className="size-4 text-muted-foreground" />
                  {file.filename}
                  <span className="text-xs text-muted-foreground">
                    {file.contentType}, {Math.max(1, Math.round(file.sizeBytes / 1024))} KB
                  </span>
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
      <section aria-label="HTML version" className="grid gap-2">
        <h3 className="text-sm font-medium">HTML</h3>
        {/* No scripts, no same-origin access: only links may open, in a new tab. */}
        <iframe
          title={`HTML of ${message.subject}`}
          sandbox="allow-popups allow-popups-to-escape-sandbox"
          srcDoc={withLinksInNewTab(message.html)}
          className="h-[28rem] w-full rounded-md border bg-white"
        />
      </section>
      <section aria-label="Text version" className="grid gap-2">
        <h3 className="text-sm font-medium">Plain text</h3>
        <pre className="overflow-x-auto rounded-md bg-muted p-3 text-xs whitespace-pre-wrap break-words" data-testid="message-text">
          {message.text}
        </pre>
      </section>
    </article>
  );
}
