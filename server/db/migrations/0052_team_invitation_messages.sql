-- Issue 20: the Team area sends an invitation link by SMS through the communications queue, as a
-- message kind of its own (team_invitation), so the message log names it for what it is.
ALTER TABLE "communication_messages" DROP CONSTRAINT "communication_messages_kind_check";--> statement-breakpoint
ALTER TABLE "communication_messages" ADD CONSTRAINT "communication_messages_kind_check" CHECK ("communication_messages"."kind" in ('receipt', 'debt_reminder', 'statement', 'loyalty_balance', 'low_stock', 'campaign', 'test', 'team_invitation'));
