-- Issue 12: a person's chosen language (profiles.language) and a shop's default language for new devices
-- and e-mails (business_settings.default_language); null means no choice. English and Kiswahili only.
ALTER TABLE "business_settings" ADD COLUMN "default_language" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "business_settings" ADD CONSTRAINT "business_settings_default_language_check" CHECK ("business_settings"."default_language" in ('en', 'sw'));--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_language_check" CHECK ("profiles"."language" in ('en', 'sw'));