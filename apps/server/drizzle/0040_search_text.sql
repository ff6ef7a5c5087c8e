-- The searched fields in one lower-case text (issue 31): a jobs search with many matches walks the
-- date index newest first and rejects most rows with one `like` on this before the four-way test
-- (invoice, uid, e-mail, name) runs. Rewrites orders (about a minute per 2M rows): see deploy.md.
ALTER TABLE "orders" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce(vend_invoice_number, '') || ' ' || coalesce(billing_email, '') || ' ' || coalesce(billing_first_name, '') || ' ' || coalesce(billing_last_name, ''))) STORED;