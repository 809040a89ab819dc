ALTER TABLE "blogs" ADD COLUMN "sponsor_company_id" uuid;--> statement-breakpoint
ALTER TABLE "blogs" ADD COLUMN "consideration_form" text;--> statement-breakpoint
ALTER TABLE "blogs" ADD COLUMN "consideration_amount" numeric(16, 2);--> statement-breakpoint
ALTER TABLE "blogs" ADD COLUMN "consideration_currency" text;--> statement-breakpoint
ALTER TABLE "blogs" ADD COLUMN "consideration_units" numeric(15, 0);--> statement-breakpoint
ALTER TABLE "blogs" ADD COLUMN "agreement_date" date;--> statement-breakpoint
ALTER TABLE "blogs" ADD COLUMN "disclosure_note" text;--> statement-breakpoint
ALTER TABLE "interviews" ADD COLUMN "sponsor_company_id" uuid;--> statement-breakpoint
ALTER TABLE "interviews" ADD COLUMN "consideration_form" text;--> statement-breakpoint
ALTER TABLE "interviews" ADD COLUMN "consideration_amount" numeric(16, 2);--> statement-breakpoint
ALTER TABLE "interviews" ADD COLUMN "consideration_currency" text;--> statement-breakpoint
ALTER TABLE "interviews" ADD COLUMN "consideration_units" numeric(15, 0);--> statement-breakpoint
ALTER TABLE "interviews" ADD COLUMN "agreement_date" date;--> statement-breakpoint
ALTER TABLE "interviews" ADD COLUMN "disclosure_note" text;--> statement-breakpoint
ALTER TABLE "podcasts" ADD COLUMN "sponsor_company_id" uuid;--> statement-breakpoint
ALTER TABLE "podcasts" ADD COLUMN "consideration_form" text;--> statement-breakpoint
ALTER TABLE "podcasts" ADD COLUMN "consideration_amount" numeric(16, 2);--> statement-breakpoint
ALTER TABLE "podcasts" ADD COLUMN "consideration_currency" text;--> statement-breakpoint
ALTER TABLE "podcasts" ADD COLUMN "consideration_units" numeric(15, 0);--> statement-breakpoint
ALTER TABLE "podcasts" ADD COLUMN "agreement_date" date;--> statement-breakpoint
ALTER TABLE "podcasts" ADD COLUMN "disclosure_note" text;--> statement-breakpoint
ALTER TABLE "special_features" ADD COLUMN "sponsor_company_id" uuid;--> statement-breakpoint
ALTER TABLE "special_features" ADD COLUMN "consideration_form" text;--> statement-breakpoint
ALTER TABLE "special_features" ADD COLUMN "consideration_amount" numeric(16, 2);--> statement-breakpoint
ALTER TABLE "special_features" ADD COLUMN "consideration_currency" text;--> statement-breakpoint
ALTER TABLE "special_features" ADD COLUMN "consideration_units" numeric(15, 0);--> statement-breakpoint
ALTER TABLE "special_features" ADD COLUMN "agreement_date" date;--> statement-breakpoint
ALTER TABLE "special_features" ADD COLUMN "disclosure_note" text;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "sponsor_company_id" uuid;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "consideration_form" text;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "consideration_amount" numeric(16, 2);--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "consideration_currency" text;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "consideration_units" numeric(15, 0);--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "agreement_date" date;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "disclosure_note" text;--> statement-breakpoint
ALTER TABLE "blogs" ADD CONSTRAINT "blogs_sponsor_company_id_companies_id_fk" FOREIGN KEY ("sponsor_company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interviews" ADD CONSTRAINT "interviews_sponsor_company_id_companies_id_fk" FOREIGN KEY ("sponsor_company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "podcasts" ADD CONSTRAINT "podcasts_sponsor_company_id_companies_id_fk" FOREIGN KEY ("sponsor_company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "special_features" ADD CONSTRAINT "special_features_sponsor_company_id_companies_id_fk" FOREIGN KEY ("sponsor_company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_sponsor_company_id_companies_id_fk" FOREIGN KEY ("sponsor_company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blogs" ADD CONSTRAINT "blogs_consideration_form_check" CHECK ("blogs"."consideration_form" in ('cash', 'shares', 'options'));--> statement-breakpoint
ALTER TABLE "blogs" ADD CONSTRAINT "blogs_consideration_amount_check" CHECK ("blogs"."consideration_amount" > 0);--> statement-breakpoint
ALTER TABLE "blogs" ADD CONSTRAINT "blogs_consideration_units_check" CHECK ("blogs"."consideration_units" > 0);--> statement-breakpoint
ALTER TABLE "interviews" ADD CONSTRAINT "interviews_consideration_form_check" CHECK ("interviews"."consideration_form" in ('cash', 'shares', 'options'));--> statement-breakpoint
ALTER TABLE "interviews" ADD CONSTRAINT "interviews_consideration_amount_check" CHECK ("interviews"."consideration_amount" > 0);--> statement-breakpoint
ALTER TABLE "interviews" ADD CONSTRAINT "interviews_consideration_units_check" CHECK ("interviews"."consideration_units" > 0);--> statement-breakpoint
ALTER TABLE "podcasts" ADD CONSTRAINT "podcasts_consideration_form_check" CHECK ("podcasts"."consideration_form" in ('cash', 'shares', 'options'));--> statement-breakpoint
ALTER TABLE "podcasts" ADD CONSTRAINT "podcasts_consideration_amount_check" CHECK ("podcasts"."consideration_amount" > 0);--> statement-breakpoint
ALTER TABLE "podcasts" ADD CONSTRAINT "podcasts_consideration_units_check" CHECK ("podcasts"."consideration_units" > 0);--> statement-breakpoint
ALTER TABLE "special_features" ADD CONSTRAINT "special_features_consideration_form_check" CHECK ("special_features"."consideration_form" in ('cash', 'shares', 'options'));--> statement-breakpoint
ALTER TABLE "special_features" ADD CONSTRAINT "special_features_consideration_amount_check" CHECK ("special_features"."consideration_amount" > 0);--> statement-breakpoint
ALTER TABLE "special_features" ADD CONSTRAINT "special_features_consideration_units_check" CHECK ("special_features"."consideration_units" > 0);--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_consideration_form_check" CHECK ("videos"."consideration_form" in ('cash', 'shares', 'options'));--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_consideration_amount_check" CHECK ("videos"."consideration_amount" > 0);--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_consideration_units_check" CHECK ("videos"."consideration_units" > 0);--> statement-breakpoint
-- PRODUCT.md "Paid promotion": the free-text disclosure moves into the structured fields. The payer becomes the
-- company the item names by that name, else stays a named other party; a compensation written as an amount in a
-- known currency ('A$5,000 cash fee') or a number of shares or options is read into its fields; the purpose, and
-- a compensation that could not be read, are kept word for word as the editor's addition, so nothing is lost.
DO $migrate$
DECLARE
  kind record;
BEGIN
  FOR kind IN SELECT * FROM (VALUES ('videos', 'video'), ('podcasts', 'podcast'), ('blogs', 'blog'), ('interviews', 'interview'), ('special_features', 'special_feature')) AS v(tbl, type) LOOP
    EXECUTE format($sql$
      WITH old AS (
        SELECT item.id,
          btrim(item.disclosure_sponsor) AS sponsor,
          btrim(item.disclosure_purpose) AS purpose,
          btrim(item.disclosure_compensation) AS compensation,
          (SELECT c.id FROM companies c JOIN content_companies cc ON cc.company_id = c.id
            WHERE cc.content_type = %L AND cc.content_id = item.id AND lower(c.name) = lower(btrim(item.disclosure_sponsor))
            LIMIT 1) AS company_id,
          regexp_match(item.disclosure_compensation, '(AU|A|US|CA|C|NZ|HK|S)\$ ?([0-9]{1,3}(?:,[0-9]{3})+|[0-9]{1,10})(\.[0-9]{1,2})?') AS dollars,
          regexp_match(item.disclosure_compensation, '([£€]) ?([0-9]{1,3}(?:,[0-9]{3})+|[0-9]{1,10})(\.[0-9]{1,2})?') AS pounds,
          regexp_match(item.disclosure_compensation, '([0-9]{1,3}(?:,[0-9]{3})+|[0-9]{1,13}) (shares|options)', 'i') AS units
        FROM %I AS item
        WHERE item.disclosure_sponsor IS NOT NULL OR item.disclosure_purpose IS NOT NULL OR item.disclosure_compensation IS NOT NULL
      ),
      read AS (
        SELECT old.*,
          CASE
            WHEN dollars IS NOT NULL THEN (replace(dollars[2], ',', '') || coalesce(dollars[3], ''))::numeric
            WHEN pounds IS NOT NULL THEN (replace(pounds[2], ',', '') || coalesce(pounds[3], ''))::numeric
          END AS amount,
          CASE
            WHEN dollars IS NOT NULL THEN CASE dollars[1] WHEN 'A' THEN 'AUD' WHEN 'AU' THEN 'AUD' WHEN 'US' THEN 'USD'
              WHEN 'C' THEN 'CAD' WHEN 'CA' THEN 'CAD' WHEN 'NZ' THEN 'NZD' WHEN 'HK' THEN 'HKD' ELSE 'SGD' END
            WHEN pounds IS NOT NULL THEN CASE pounds[1] WHEN '£' THEN 'GBP' ELSE 'EUR' END
          END AS currency,
          CASE WHEN units IS NOT NULL THEN replace(units[1], ',', '')::numeric END AS unit_count,
          lower(units[2]) AS unit_kind
        FROM old
      ),
      chosen AS (
        SELECT read.*,
          CASE
            WHEN amount > 0 AND amount <= 1000000000 THEN 'cash'
            WHEN unit_count > 0 AND unit_count <= 1000000000000 THEN unit_kind
          END AS form
        FROM read
      )
      UPDATE %I AS item SET
        sponsor_company_id = chosen.company_id,
        disclosure_sponsor = CASE WHEN chosen.company_id IS NULL THEN nullif(chosen.sponsor, '') END,
        consideration_form = chosen.form,
        consideration_amount = CASE WHEN chosen.form = 'cash' THEN chosen.amount END,
        consideration_currency = CASE WHEN chosen.form = 'cash' THEN chosen.currency END,
        consideration_units = CASE WHEN chosen.form IN ('shares', 'options') THEN chosen.unit_count END,
        disclosure_note = nullif(concat_ws(' ',
          CASE WHEN chosen.purpose <> '' THEN CASE WHEN chosen.purpose ~ '[.!?…]$' THEN chosen.purpose ELSE chosen.purpose || '.' END END,
          CASE WHEN chosen.form IS NULL AND chosen.compensation <> '' THEN 'Compensation: ' || chosen.compensation END
        ), '')
      FROM chosen
      WHERE item.id = chosen.id
    $sql$, kind.type, kind.tbl, kind.tbl);
  END LOOP;
END
$migrate$;
