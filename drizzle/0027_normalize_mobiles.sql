-- Orders keep the customer's mobile in E.164, read as a number of the shop's country (domain/contact.ts,
-- customerMobile), so one customer counts once for coupon limits and the per-mobile order limit. Orders placed before
-- kept it as typed (digits and a leading +). This rewrites the common spellings of the four shop countries' numbers;
-- anything else (a number valid nowhere, a foreign number without its country code) keeps its digits, as
-- customerMobile keeps them (docs/design-notes.md, "One spelling per mobile").
WITH typed AS (
  SELECT o.shop_id, o.id, s.country, regexp_replace(o.mobile, '[^0-9+]', '', 'g') AS m
  FROM orders o JOIN shops s ON s.id = o.shop_id
), normalized AS (
  SELECT shop_id, id, CASE
    WHEN m ~ '^\+[1-9][0-9]{6,14}$' THEN m
    -- International prefixes: Australia's 0011, North America's 011, and 00 wherever the shop is.
    WHEN country = 'AU' AND m ~ '^0011[1-9][0-9]{6,14}$' THEN '+' || substr(m, 5)
    WHEN country = 'US' AND m ~ '^011[1-9][0-9]{6,14}$' THEN '+' || substr(m, 4)
    WHEN m ~ '^00[1-9][0-9]{6,14}$' THEN '+' || substr(m, 3)
    -- The country code without its +, at the length of the country's numbers; else a national number after a trunk 0.
    WHEN country = 'AU' AND m ~ '^61[1-9][0-9]{8}$' THEN '+' || m
    WHEN country = 'AU' AND m ~ '^0[1-9][0-9]{8}$' THEN '+61' || substr(m, 2)
    WHEN country = 'NZ' AND m ~ '^64[2-9][0-9]{7,9}$' THEN '+' || m
    WHEN country = 'NZ' AND m ~ '^0[2-9][0-9]{7,9}$' THEN '+64' || substr(m, 2)
    WHEN country = 'GB' AND m ~ '^44[1-9][0-9]{9}$' THEN '+' || m
    WHEN country = 'GB' AND m ~ '^0[1-9][0-9]{9}$' THEN '+44' || substr(m, 2)
    WHEN country = 'US' AND m ~ '^1[2-9][0-9]{9}$' THEN '+' || m
    WHEN country = 'US' AND m ~ '^[2-9][0-9]{9}$' THEN '+1' || m
    ELSE m
  END AS mobile
  FROM typed
)
UPDATE orders o SET mobile = n.mobile
FROM normalized n
WHERE o.shop_id = n.shop_id AND o.id = n.id AND o.mobile IS DISTINCT FROM n.mobile;
