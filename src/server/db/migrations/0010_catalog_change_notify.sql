-- Any write to the catalog's tables, by any process (the store, the owner CLI, a seed, SQL typed
-- by hand), tells every listening store process to drop its cached catalog answers. Postgres
-- delivers the notification when the writing transaction commits, once per transaction.
CREATE OR REPLACE FUNCTION als_notify_catalog_changed() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('als_catalog_changed', '');
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER products_catalog_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON products FOR EACH STATEMENT EXECUTE FUNCTION als_notify_catalog_changed();
--> statement-breakpoint
CREATE TRIGGER categories_catalog_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON categories FOR EACH STATEMENT EXECUTE FUNCTION als_notify_catalog_changed();
--> statement-breakpoint
CREATE TRIGGER category_slug_redirects_catalog_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON category_slug_redirects FOR EACH STATEMENT EXECUTE FUNCTION als_notify_catalog_changed();
