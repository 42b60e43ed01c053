import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { CHANNELS, MESSAGE_STATUSES, PREVIEW_SAMPLE, TEMPLATE_KINDS, VARIABLES_OF, renderTemplate, type Channel, type TemplateKind } from '../../core/communications/communications.rules';
import type { ChannelView, CommunicationSettings } from '../../core/communications/communications.schemas';
import { smsLength } from '../../core/communications/sms-segments.rules';
import { useSignedInUser } from '../auth/auth-provider';
import { mayDo } from '../auth/may-do';
import { useCustomerGroups } from '../contacts/contacts.api';
import { AlertDialog, AlertDialogCancel, AlertDialogContent, AlertDialogDescription, AlertDialogFooter, AlertDialogHeader, AlertDialogTitle } from '../components/ui/alert-dialog';
import { Badge } from '../components/ui/badge';
import { Button } from '../components/ui/button';
import { Input } from '../components/ui/input';
import { Label } from '../components/ui/label';
import { NativeSelect } from '../components/ui/native-select';
import { Switch } from '../components/ui/switch';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../components/ui/tabs';
import { Textarea } from '../components/ui/textarea';
import { RoleRefusal, useAddressParams } from '../inventory/inventory-ui';
import { useDateFormat } from '../lib/date-format';
import { failureMessage } from '../lib/form-errors';
import { toast } from '../lib/toast';
import { useDocumentTitle } from '../lib/use-document-title';
import {
  cancelCampaign,
  communicationsKey,
  createCampaign,
  resetTemplate,
  runReminders,
  sandboxReport,
  saveChannel,
  saveCommunicationSettings,
  saveTemplate,
  sendTest,
  useCampaigns,
  useChannels,
  useCommunicationSettings,
  useMessages,
  useTemplates,
} from './communications.api';
import { CHANNEL_NAMES, KIND_NAMES, STATUS_NAMES } from './communications-labels';
import { MessageTable } from './message-table';

// /admin/communications (issue 20): the message log, the channels (Africa's Talking, WhatsApp,
// e-mail; sandbox without credentials), templates with a live preview and the SMS segment count,
// campaigns and the automated messages. The business owner's (communications.manage).

const TABS = ['messages', 'channels', 'templates', 'campaigns', 'automation'] as const;

export function CommunicationsPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Communications`);
  const user = useSignedInUser();
  const [params, change] = useAddressParams();
  const tab = (TABS as readonly string[]).includes(params.get('tab') ?? '') ? params.get('tab')! : 'messages';
  return (
    <div className="grid min-w-0 gap-6">
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold sm:text-3xl">
          <Trans>Communications</Trans>
        </h1>
        <p className="text-sm text-muted-foreground">
          <Trans>SMS, WhatsApp and e-mail to your customers: receipts, statements, debt reminders, loyalty points and campaigns.</Trans>
        </p>
      </div>
      {mayDo(user, 'communications.manage') ? (
        <Tabs value={tab} onValueChange={(value) => change({ tab: value, q: undefined, status: undefined })} className="min-w-0">
          <TabsList className="flex w-full flex-wrap sm:w-fit">
            <TabsTrigger value="messages">
              <Trans>Message log</Trans>
            </TabsTrigger>
            <TabsTrigger value="channels">
              <Trans>Channels</Trans>
            </TabsTrigger>
            <TabsTrigger value="templates">
              <Trans>Templates</Trans>
            </TabsTrigger>
            <TabsTrigger value="campaigns">
              <Trans>Campaigns</Trans>
            </TabsTrigger>
            <TabsTrigger value="automation">
              <Trans>Automated messages</Trans>
            </TabsTrigger>
          </TabsList>
          <TabsContent value="messages">
            <MessageLog />
          </TabsContent>
          <TabsContent value="channels">
            <ChannelsTab />
          </TabsContent>
          <TabsContent value="templates">
            <TemplatesTab />
          </TabsContent>
          <TabsContent value="campaigns">
            <CampaignsTab />
          </TabsContent>
          <TabsContent value="automation">
            <AutomationTab />
          </TabsContent>
        </Tabs>
      ) : (
        <RoleRefusal what={t`customer messages`} />
      )}
    </div>
  );
}

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: communicationsKey });
}

function MessageLog() {
  const { t, i18n } = useLingui();
  const [q, setQ] = useState('');
  const [status, setStatus] = useState('');
  const [page, setPage] = useState(1);
  const messages = useMessages(q, status, page);
  const invalidate = useInvalidate();
  const report = useMutation({
    mutationFn: (id: string) => sandboxReport(id, 'delivered'),
    onSuccess: () => invalidate(),
    onError: (failure) => toast.error(t`The report was not recorded`, { description: failureMessage(failure, t`Try again.`) }),
  });
  return (
    <div className="grid gap-4 pt-4">
      <div className="flex flex-wrap items-end gap-3">
        <div className="grid gap-1">
          <Label htmlFor="message-search">
            <Trans>Search</Trans>
          </Label>
          <Input id="message-search" value={q} placeholder={t`Phone, e-mail or customer`} onChange={(event) => (setQ(event.target.value), setPage(1))} className="w-64" />
        </div>
        <div className="grid gap-1">
          <Label htmlFor="message-status">
            <Trans>Status</Trans>
          </Label>
          <NativeSelect id="message-status" value={status} onChange={(event) => (setStatus(event.target.value), setPage(1))}>
            <option value="">{t`Every status`}</option>
            {MESSAGE_STATUSES.map((value) => (
              <option key={value} value={value}>
                {i18n._(STATUS_NAMES[value])}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>
      <MessageTable messages={messages.data?.items ?? []} label={t`Message log`} onSandboxReport={(id) => report.mutate(id)} reporting={report.isPending} />
      {messages.data && messages.data.items.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          <Trans>No messages yet.</Trans>
        </p>
      ) : null}
      <div className="flex gap-2">
        <Button variant="outline" disabled={page === 1} onClick={() => setPage(page - 1)}>
          <Trans>Previous</Trans>
        </Button>
        <Button variant="outline" disabled={!messages.data?.hasMore} onClick={() => setPage(page + 1)}>
          <Trans>Next</Trans>
        </Button>
      </div>
    </div>
  );
}

function ChannelsTab() {
  const channels = useChannels();
  if (!channels.data) return null;
  return (
    <div className="grid gap-4 pt-4 lg:grid-cols-3">
      {channels.data.map((channel) => (
        <ChannelCard key={channel.channel} channel={channel} />
      ))}
    </div>
  );
}

function ChannelCard({ channel }: { channel: ChannelView }) {
  const { t, i18n } = useLingui();
  const invalidate = useInvalidate();
  const [fields, setFields] = useState<Record<string, string>>({ username: channel.username ?? '', senderId: channel.senderId ?? '', phoneNumberId: channel.phoneNumberId ?? '' });
  const [enabled, setEnabled] = useState(channel.enabled);
  const [testTo, setTestTo] = useState('');
  const set = (name: string) => (event: { target: { value: string } }) => setFields({ ...fields, [name]: event.target.value });
  const secret = (name: string) => (fields[name] ? fields[name] : undefined);
  const save = useMutation({
    mutationFn: () =>
      saveChannel(
        channel.channel,
        channel.channel === 'sms'
          ? { enabled, environment: channel.environment, username: fields.username || null, senderId: fields.senderId || null, apiKey: secret('apiKey'), ratePerMinute: channel.ratePerMinute }
          : channel.channel === 'whatsapp'
            ? { enabled, phoneNumberId: fields.phoneNumberId || null, accessToken: secret('accessToken'), appSecret: secret('appSecret'), ratePerMinute: channel.ratePerMinute }
            : { enabled },
      ),
    onSuccess: () => (toast.success(t`Channel saved`), invalidate()),
    onError: (failure) => toast.error(t`The channel was not saved`, { description: failureMessage(failure, t`Check the fields.`) }),
  });
  const test = useMutation({
    mutationFn: () => sendTest({ channel: channel.channel, to: testTo, language: i18n.locale === 'sw' ? 'sw' : 'en' }),
    onSuccess: () => (toast.success(t`Test message queued: see the message log`), invalidate()),
    onError: (failure) => toast.error(t`The test was not sent`, { description: failureMessage(failure, t`Check the recipient.`) }),
  });
  const submit = (event: FormEvent) => (event.preventDefault(), save.mutate());
  const id = (name: string) => `${channel.channel}-${name}`;
  return (
    <form onSubmit={submit} className="grid content-start gap-3 rounded-xl border bg-card p-4" aria-label={i18n._(CHANNEL_NAMES[channel.channel])}>
      <div className="flex items-center justify-between gap-2">
        <h2 className="font-semibold">{i18n._(CHANNEL_NAMES[channel.channel])}</h2>
        <Badge variant={channel.mode === 'live' ? 'default' : 'outline'}>{channel.mode === 'live' ? t`Live` : t`Sandbox`}</Badge>
      </div>
      <p className="text-xs text-muted-foreground">
        {channel.channel === 'sms'
          ? t`Africa's Talking. Without an API key, messages go to the sandbox: they appear in the message log with their text, and nothing is sent.`
          : channel.channel === 'whatsapp'
            ? t`WhatsApp Business Cloud API: approved templates only. Without a token, messages go to the sandbox.`
            : t`Through the server's mailer; without SMTP they land in the development mailbox.`}
      </p>
      <div className="flex items-center gap-2">
        <Switch id={id('enabled')} checked={enabled} onCheckedChange={setEnabled} />
        <Label htmlFor={id('enabled')}>
          <Trans>On</Trans>
        </Label>
      </div>
      {channel.channel === 'sms' ? (
        <>
          <Field id={id('username')} label={t`Username`} value={fields.username ?? ''} onChange={set('username')} />
          <Field id={id('apiKey')} label={channel.apiKey.set ? t`API key (set, ends ${channel.apiKey.last4})` : t`API key`} value={fields.apiKey ?? ''} onChange={set('apiKey')} type="password" />
          <Field id={id('senderId')} label={t`Sender ID or short code`} value={fields.senderId ?? ''} onChange={set('senderId')} />
        </>
      ) : null}
      {channel.channel === 'whatsapp' ? (
        <>
          <Field id={id('phoneNumberId')} label={t`Phone number ID`} value={fields.phoneNumberId ?? ''} onChange={set('phoneNumberId')} />
          <Field id={id('accessToken')} label={channel.accessToken.set ? t`Access token (set, ends ${channel.accessToken.last4})` : t`Access token`} value={fields.accessToken ?? ''} onChange={set('accessToken')} type="password" />
          <Field id={id('appSecret')} label={channel.appSecret.set ? t`App secret (set, ends ${channel.appSecret.last4})` : t`App secret`} value={fields.appSecret ?? ''} onChange={set('appSecret')} type="password" />
        </>
      ) : null}
      {channel.callbackUrls && channel.channel !== 'email' ? (
        <div className="grid gap-1 text-xs break-all text-muted-foreground">
          <span>
            <Trans>Callback URL for the provider:</Trans>
          </span>
          <code>{channel.channel === 'sms' ? channel.callbackUrls.delivery : channel.callbackUrls.whatsapp}</code>
          {channel.channel === 'sms' ? <code>{channel.callbackUrls.inbound}</code> : null}
        </div>
      ) : null}
      <Button type="submit" disabled={save.isPending}>
        <Trans>Save</Trans>
      </Button>
      <div className="grid gap-2 border-t pt-3">
        <Field id={id('test')} label={channel.channel === 'email' ? t`Send a test to (e-mail)` : t`Send a test to (phone)`} value={testTo} onChange={(event) => setTestTo(event.target.value)} />
        <Button type="button" variant="outline" disabled={!testTo || test.isPending} onClick={() => test.mutate()}>
          <Trans>Send test</Trans>
        </Button>
      </div>
    </form>
  );
}

function Field({ id, label, ...props }: { id: string; label: string; value: string; onChange: (event: { target: { value: string } }) => void; type?: string }) {
  return (
    <div className="grid gap-1">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} autoComplete="off" {...props} />
    </div>
  );
}

export function SegmentCount({ text }: { text: string }) {
  const length = smsLength(text);
  return (
    <p className="text-xs text-muted-foreground" data-testid="segment-count">
      {length.encoding === 'gsm7' ? <Trans>GSM-7</Trans> : <Trans>Unicode (UCS-2)</Trans>} ·{' '}
      <Trans>
        {length.units} characters, {length.segments} SMS, {length.remaining} left in the last
      </Trans>
    </p>
  );
}

function TemplatesTab() {
  const { t, i18n } = useLingui();
  const templates = useTemplates();
  const invalidate = useInvalidate();
  const [kind, setKind] = useState<TemplateKind>('debt_reminder');
  const [channel, setChannel] = useState<Channel>('sms');
  const [language, setLanguage] = useState<'en' | 'sw'>('en');
  const current = templates.data?.find((template) => template.kind === kind && template.channel === channel && template.language === language);
  const [draft, setDraft] = useState<{ key: string; body: string; whatsappTemplate: string } | null>(null);
  const key = `${kind}:${channel}:${language}`;
  const body = draft?.key === key ? draft.body : (current?.body ?? '');
  const whatsappTemplate = draft?.key === key ? draft.whatsappTemplate : (current?.whatsappTemplate ?? '');
  const save = useMutation({
    mutationFn: () => saveTemplate({ kind, channel, language, body, whatsappTemplate: channel === 'whatsapp' && whatsappTemplate ? whatsappTemplate : null }),
    onSuccess: () => (toast.success(t`Template saved`), setDraft(null), invalidate()),
    onError: (failure) => toast.error(t`The template was not saved`, { description: failureMessage(failure, t`Check the text.`) }),
  });
  const [confirmingReset, setConfirmingReset] = useState(false);
  const reset = useMutation({
    mutationFn: () => resetTemplate({ kind, channel, language }),
    onSuccess: () => (toast.success(t`Template reset to the built-in text`), setDraft(null), setConfirmingReset(false), invalidate()),
    onError: (failure) => toast.error(t`The template was not reset`, { description: failureMessage(failure, t`Try again.`) }),
  });
  const preview = renderTemplate(body, PREVIEW_SAMPLE);
  return (
    <form className="grid gap-4 pt-4 lg:grid-cols-2" onSubmit={(event) => (event.preventDefault(), save.mutate())}>
      <div className="grid content-start gap-3">
        <div className="flex flex-wrap gap-3">
          <NativeSelect aria-label={t`Message`} value={kind} onChange={(event) => setKind(event.target.value as TemplateKind)}>
            {TEMPLATE_KINDS.map((value) => (
              <option key={value} value={value}>
                {i18n._(KIND_NAMES[value])}
              </option>
            ))}
          </NativeSelect>
          <NativeSelect aria-label={t`Channel`} value={channel} onChange={(event) => setChannel(event.target.value as Channel)}>
            {CHANNELS.map((value) => (
              <option key={value} value={value}>
                {i18n._(CHANNEL_NAMES[value])}
              </option>
            ))}
          </NativeSelect>
          <NativeSelect aria-label={t`Language`} value={language} onChange={(event) => setLanguage(event.target.value as 'en' | 'sw')}>
            <option value="en">{t`English`}</option>
            <option value="sw">{t`Kiswahili`}</option>
          </NativeSelect>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Label htmlFor="template-body">
            <Trans>Text</Trans>
          </Label>
          {current ? <Badge variant={current.custom ? 'default' : 'outline'}>{current.custom ? t`The shop’s own text` : t`Built-in text`}</Badge> : null}
        </div>
        <Textarea id="template-body" rows={5} value={body} onChange={(event) => setDraft({ key, body: event.target.value, whatsappTemplate })} />
        <p className="text-xs text-muted-foreground">
          <Trans>Variables:</Trans> {VARIABLES_OF[kind].map((name) => `{${name}}`).join(' ')}
        </p>
        {channel === 'whatsapp' ? (
          <Field id="template-whatsapp" label={t`Approved WhatsApp template name`} value={whatsappTemplate} onChange={(event) => setDraft({ key, body, whatsappTemplate: event.target.value })} />
        ) : null}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={save.isPending} className="w-fit">
            <Trans>Save template</Trans>
          </Button>
          {current?.custom ? (
            <Button type="button" variant="outline" onClick={() => setConfirmingReset(true)}>
              <Trans>Reset to the built-in text</Trans>
            </Button>
          ) : null}
        </div>
      </div>
      <div className="grid content-start gap-2 rounded-xl border bg-muted/40 p-4">
        <h2 className="text-sm font-semibold">
          <Trans>Preview</Trans>
        </h2>
        <p className="whitespace-pre-wrap" data-testid="template-preview">
          {preview}
        </p>
        {channel === 'sms' ? <SegmentCount text={preview} /> : null}
      </div>
      <AlertDialog open={confirmingReset} onOpenChange={(open) => !reset.isPending && setConfirmingReset(open)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>
              <Trans>Reset this template?</Trans>
            </AlertDialogTitle>
            <AlertDialogDescription>
              <Trans>The shop’s own text is deleted and the built-in text is sent again from now on.</Trans>
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>
              <Trans>Keep the shop’s text</Trans>
            </AlertDialogCancel>
            <Button type="button" variant="destructive" disabled={reset.isPending} onClick={() => reset.mutate()}>
              <Trans>Reset template</Trans>
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </form>
  );
}

function CampaignsTab() {
  const { t, i18n } = useLingui();
  const { formatDateTime } = useDateFormat();
  const campaigns = useCampaigns();
  const groups = useCustomerGroups();
  const invalidate = useInvalidate();
  const [form, setForm] = useState({ name: '', channel: 'sms' as Channel, language: 'en' as 'en' | 'sw', body: '', audience: 'tag', tag: '', groupId: '', scheduledAt: '' });
  const create = useMutation({
    mutationFn: () =>
      createCampaign({
        name: form.name,
        channel: form.channel,
        language: form.language,
        body: form.body,
        audience: form.audience === 'group' ? { type: 'group', groupId: form.groupId } : { type: 'tag', tag: form.tag },
        scheduledAt: form.scheduledAt ? new Date(form.scheduledAt).toISOString() : null,
      }),
    onSuccess: (campaign) => (toast.success(t`Campaign saved: ${campaign.queued} queued, ${campaign.skipped} skipped`), invalidate()),
    onError: (failure) => toast.error(t`The campaign was not saved`, { description: failureMessage(failure, t`Check the fields.`) }),
  });
  const cancel = useMutation({ mutationFn: cancelCampaign, onSuccess: () => invalidate() });
  return (
    <div className="grid gap-6 pt-4 lg:grid-cols-2">
      <form className="grid content-start gap-3" onSubmit={(event) => (event.preventDefault(), create.mutate())} aria-label={t`New campaign`}>
        <Field id="campaign-name" label={t`Name`} value={form.name} onChange={(event) => setForm({ ...form, name: event.target.value })} />
        <div className="flex flex-wrap gap-3">
          <NativeSelect aria-label={t`Channel`} value={form.channel} onChange={(event) => setForm({ ...form, channel: event.target.value as Channel })}>
            {CHANNELS.map((value) => (
              <option key={value} value={value}>
                {i18n._(CHANNEL_NAMES[value])}
              </option>
            ))}
          </NativeSelect>
          <NativeSelect aria-label={t`Audience`} value={form.audience} onChange={(event) => setForm({ ...form, audience: event.target.value })}>
            <option value="tag">{t`Customers with a tag`}</option>
            <option value="group">{t`A customer group`}</option>
          </NativeSelect>
          {form.audience === 'tag' ? (
            <Input aria-label={t`Tag`} placeholder={t`Tag`} value={form.tag} onChange={(event) => setForm({ ...form, tag: event.target.value })} className="w-40" />
          ) : (
            <NativeSelect aria-label={t`Customer group`} value={form.groupId} onChange={(event) => setForm({ ...form, groupId: event.target.value })}>
              <option value="">{t`Choose a group`}</option>
              {(groups.data ?? []).map((group) => (
                <option key={group.id} value={group.id}>
                  {group.name}
                </option>
              ))}
            </NativeSelect>
          )}
        </div>
        <Label htmlFor="campaign-body">
          <Trans>Text</Trans>
        </Label>
        <Textarea id="campaign-body" rows={4} value={form.body} onChange={(event) => setForm({ ...form, body: event.target.value })} />
        <p className="text-xs text-muted-foreground">
          <Trans>Variables:</Trans> {VARIABLES_OF.campaign.map((name) => `{${name}}`).join(' ')}
        </p>
        {form.channel === 'sms' ? <SegmentCount text={renderTemplate(form.body, PREVIEW_SAMPLE)} /> : null}
        <div className="grid gap-1">
          <Label htmlFor="campaign-time">
            <Trans>Send at (empty: now; quiet hours still apply)</Trans>
          </Label>
          <Input id="campaign-time" type="datetime-local" value={form.scheduledAt} onChange={(event) => setForm({ ...form, scheduledAt: event.target.value })} className="w-fit" />
        </div>
        <p className="text-xs text-muted-foreground">
          <Trans>Customers who opted out of the channel are never reached.</Trans>
        </p>
        <Button type="submit" disabled={create.isPending} className="w-fit">
          <Trans>Save campaign</Trans>
        </Button>
      </form>
      <div className="grid content-start gap-2">
        {(campaigns.data ?? []).map((campaign) => (
          <div key={campaign.id} className="grid gap-1 rounded-xl border p-3 text-sm" data-testid="campaign">
            <div className="flex items-center justify-between gap-2">
              <span className="font-medium">{campaign.name}</span>
              <Badge variant="secondary">{campaign.status === 'scheduled' ? t`Scheduled` : campaign.status === 'queued' ? t`Queued` : t`Cancelled`}</Badge>
            </div>
            <span className="text-muted-foreground">
              {i18n._(CHANNEL_NAMES[campaign.channel])} · {formatDateTime(campaign.scheduledAt)} ·{' '}
              <Trans>
                {campaign.queued} queued, {campaign.skipped} skipped
              </Trans>
            </span>
            {campaign.status === 'scheduled' ? (
              <Button variant="outline" size="sm" className="w-fit" onClick={() => cancel.mutate(campaign.id)}>
                <Trans>Cancel</Trans>
              </Button>
            ) : null}
          </div>
        ))}
      </div>
    </div>
  );
}

function AutomationTab() {
  const settings = useCommunicationSettings();
  if (!settings.data) return null;
  return <AutomationForm initial={settings.data} />;
}

function AutomationForm({ initial }: { initial: CommunicationSettings }) {
  const { t, i18n } = useLingui();
  const invalidate = useInvalidate();
  const [form, setForm] = useState({ ...initial, ownerPhone: initial.ownerPhone ?? '' });
  const save = useMutation({
    mutationFn: () => saveCommunicationSettings({ ...form, ownerPhone: form.ownerPhone || null }),
    onSuccess: () => (toast.success(t`Settings saved`), invalidate()),
    onError: (failure) => toast.error(t`The settings were not saved`, { description: failureMessage(failure, t`Check the fields.`) }),
  });
  const remind = useMutation({
    mutationFn: runReminders,
    onSuccess: ({ queued }) => (toast.success(t`${queued} reminders queued`), invalidate()),
    onError: (failure) => toast.error(t`The reminders were not queued`, { description: failureMessage(failure, t`Try again.`) }),
  });
  return (
    <form className="grid max-w-xl gap-4 pt-4" onSubmit={(event) => (event.preventDefault(), save.mutate())}>
      <div className="flex items-center gap-2">
        <Switch id="reminders-enabled" checked={form.remindersEnabled} onCheckedChange={(value) => setForm({ ...form, remindersEnabled: value })} />
        <Label htmlFor="reminders-enabled">
          <Trans>Remind customers past due</Trans>
        </Label>
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <div className="grid gap-1">
          <Label htmlFor="reminder-days">
            <Trans>At most once every (days)</Trans>
          </Label>
          <Input id="reminder-days" type="number" min={1} max={90} value={form.reminderEveryDays} onChange={(event) => setForm({ ...form, reminderEveryDays: Number(event.target.value) })} className="w-24" />
        </div>
        <NativeSelect aria-label={t`Reminder channel`} value={form.reminderChannel} onChange={(event) => setForm({ ...form, reminderChannel: event.target.value as Channel })}>
          {CHANNELS.map((value) => (
            <option key={value} value={value}>
              {i18n._(CHANNEL_NAMES[value])}
            </option>
          ))}
        </NativeSelect>
        <Button type="button" variant="outline" onClick={() => remind.mutate()} disabled={remind.isPending}>
          <Trans>Queue reminders now</Trans>
        </Button>
      </div>
      <div className="flex items-center gap-2">
        <Switch id="quiet-enabled" checked={form.quietHoursEnabled} onCheckedChange={(value) => setForm({ ...form, quietHoursEnabled: value })} />
        <Label htmlFor="quiet-enabled">
          <Trans>Quiet hours: messages wait (receipts and tests go at once)</Trans>
        </Label>
      </div>
      <div className="flex gap-3">
        <Field id="quiet-start" label={t`From`} value={form.quietStart} onChange={(event) => setForm({ ...form, quietStart: event.target.value })} type="time" />
        <Field id="quiet-end" label={t`Until`} value={form.quietEnd} onChange={(event) => setForm({ ...form, quietEnd: event.target.value })} type="time" />
      </div>
      <div className="flex items-center gap-2">
        <Switch id="low-stock" checked={form.lowStockAlerts} onCheckedChange={(value) => setForm({ ...form, lowStockAlerts: value })} />
        <Label htmlFor="low-stock">
          <Trans>Low-stock alert to the owner by SMS, once a day</Trans>
        </Label>
      </div>
      <Field id="owner-phone" label={t`Owner's phone`} value={form.ownerPhone} onChange={(event) => setForm({ ...form, ownerPhone: event.target.value })} />
      <Button type="submit" disabled={save.isPending} className="w-fit">
        <Trans>Save</Trans>
      </Button>
    </form>
  );
}
