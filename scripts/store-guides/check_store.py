#!/usr/bin/env python3
"""Check the store's content files against the format the importer reads.

Checks content/store.toml and every content/products/<slug>/ folder: the
product.toml fields, the three languages' front matter and bodies, links to
site paths, images (existence, viewBox, size, no scripts or raster) and, for
digital products, the PDFs. Python 3.11+ (tomllib), no other dependencies.

Usage: python3 scripts/store-guides/check_store.py
"""

import datetime
import os
import re
import sys
import tomllib

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CONTENT = os.path.join(ROOT, "content")
LANGS = ("en", "es", "pt")
SLUG = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")
SKU = re.compile(r"^[A-Z0-9]+(-[A-Z0-9]+)*$")
# ISO 3166-1 alpha-2 codes the shipping zones may use.
ISO = set("""AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS
BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER
ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE
IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA
MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM
PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR
SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU
WF WS YE YT ZA ZM ZW""".split())

errors = []


def err(where, message):
    errors.append("%s: %s" % (where, message))


def localized(where, value):
    if not isinstance(value, dict) or set(value) != set(LANGS):
        err(where, "needs exactly en, es and pt")
        return
    for lang in LANGS:
        if not isinstance(value[lang], str) or not value[lang].strip():
            err(where, "empty %s" % lang)


def check_store():
    with open(os.path.join(CONTENT, "store.toml"), "rb") as f:
        store = tomllib.load(f)
    categories = store.get("categories", {})
    for key, names in categories.items():
        localized("store.toml categories.%s" % key, names)
    shipping = store["shipping"]
    if not isinstance(shipping.get("free_over_cents"), int) or shipping["free_over_cents"] <= 0:
        err("store.toml", "free_over_cents must be a positive integer")
    zones = shipping["zones"]
    seen, keys = set(), set()
    for i, zone in enumerate(zones):
        where = "store.toml zone %s" % zone.get("key")
        if zone["key"] in keys:
            err(where, "duplicate key")
        keys.add(zone["key"])
        countries = zone["countries"]
        if countries == ["*"]:
            if i != len(zones) - 1:
                err(where, "the '*' zone must be last")
        else:
            for c in countries:
                if c not in ISO:
                    err(where, "not an ISO 3166-1 code: %s" % c)
                if c in seen:
                    err(where, "country in two zones: %s" % c)
                seen.add(c)
        ids = [m["id"] for m in zone["methods"]]
        if ids != ["standard", "express"]:
            err(where, "methods should be standard and express, got %s" % ids)
        for m in zone["methods"]:
            if not (isinstance(m["price_cents"], int) and m["price_cents"] > 0):
                err(where, "bad price")
            if not (1 <= m["days_min"] <= m["days_max"]):
                err(where, "bad days")
            localized(where + " method " + m["id"], m["name"])
    if sum(1 for z in zones if z["countries"] == ["*"]) != 1:
        err("store.toml", "exactly one '*' zone")
    return categories


def front_matter(path):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    m = re.match(r"\+\+\+\n(.*?)\n\+\+\+\n(.*)", text, re.S)
    if not m:
        err(path, "no +++ front matter")
        return {}, ""
    return tomllib.loads(m.group(1)), m.group(2)


def check_svg(name, width, height, where):
    path = os.path.join(CONTENT, "images", name)
    if not name.startswith("store-") or not os.path.isfile(path):
        err(where, "missing image %s" % name)
        return
    with open(path, encoding="utf-8") as f:
        svg = f.read()
    if os.path.getsize(path) >= 12 * 1024:
        err(where, "%s is 12 KB or more" % name)
    if 'viewBox="0 0 %d %d"' % (width, height) not in svg:
        err(where, "%s viewBox does not match %dx%d" % (name, width, height))
    for bad in ("<script", "<text", "foreignObject", "<image", "http://www.w3.org/1999/xlink", "href=\"http", "url(http", "on" + "load="):
        if bad in svg:
            err(where, "%s contains %s" % (name, bad))


def check_products(categories):
    products_dir = os.path.join(CONTENT, "products")
    slugs = sorted(os.listdir(products_dir))
    posts = set(os.listdir(os.path.join(CONTENT, "posts")))
    destinations = set(os.listdir(os.path.join(CONTENT, "destinations")))
    skus, images_used, names = set(), {}, {lang: set() for lang in LANGS}
    featured = []
    for slug in slugs:
        where = "products/" + slug
        if not SLUG.match(slug):
            err(where, "bad slug")
        with open(os.path.join(products_dir, slug, "product.toml"), "rb") as f:
            p = tomllib.load(f)
        allowed = {"category", "kind", "featured", "published", "related", "images", "variants"}
        if set(p) - allowed:
            err(where, "unknown keys %s" % (set(p) - allowed))
        if p["category"] not in categories:
            err(where, "unknown category")
        if p["kind"] not in ("digital", "physical"):
            err(where, "bad kind")
        if "featured" in p:
            featured.append(p["featured"])
        if not isinstance(p["published"], datetime.date) or isinstance(p["published"], datetime.datetime):
            err(where, "published must be a TOML date")
        for r in p.get("related", []):
            if r == slug or r not in slugs:
                err(where, "bad related slug %s" % r)
        for img in p["images"]:
            check_svg(img["file"], img["width"], img["height"], where)
            if img["file"] in images_used:
                err(where, "image %s also used by %s" % (img["file"], images_used[img["file"]]))
            images_used[img["file"]] = slug
        variants = p["variants"]
        if not variants:
            err(where, "no variants")
        for v in variants:
            if not SKU.match(v["sku"]) or v["sku"] in skus:
                err(where, "bad or duplicate sku %s" % v["sku"])
            skus.add(v["sku"])
            if not isinstance(v["price_cents"], int) or v["price_cents"] <= 0:
                err(where, "bad price")
            if "compare_at_cents" in v and v["compare_at_cents"] <= v["price_cents"]:
                err(where, "compare_at_cents must exceed price_cents")
            if p["kind"] == "physical" and not (isinstance(v.get("stock"), int) and v["stock"] >= 0):
                err(where, "physical variants need stock")
            if p["kind"] == "digital" and "stock" in v:
                err(where, "digital variants have no stock")
            localized(where + " variant " + v["sku"], v["name"])
            if set(v) - {"sku", "price_cents", "compare_at_cents", "stock", "name"}:
                err(where, "unknown variant keys")
        if p["kind"] == "digital" and len(variants) != 1:
            err(where, "digital products have one variant")
        for lang in LANGS:
            fm, body = front_matter(os.path.join(products_dir, slug, lang + ".md"))
            lw = "%s/%s.md" % (where, lang)
            if set(fm) != {"name", "summary", "description", "image_alts"}:
                err(lw, "front matter keys %s" % sorted(fm))
                continue
            if fm["name"] in names[lang]:
                err(lw, "duplicate name")
            names[lang].add(fm["name"])
            if len(fm["summary"]) > 140:
                err(lw, "summary is %d chars" % len(fm["summary"]))
            if not 50 <= len(fm["description"]) <= 160:
                err(lw, "description is %d chars" % len(fm["description"]))
            if len(fm["image_alts"]) != len(p["images"]):
                err(lw, "one alt per image")
            words = len(re.findall(r"\w+", re.sub(r"\]\([^)]*\)", "]", body)))
            if not 120 <= words <= 300:
                err(lw, "body is %d words" % words)
            if re.search(r"<[a-zA-Z/][^>]*>", body + str(fm)):
                err(lw, "HTML found")
            prefix = "" if lang == "en" else "/" + lang
            for link in re.findall(r"\]\(([^)]+)\)", body):
                m = re.fullmatch(re.escape(prefix) + r"/blog/([a-z0-9-]+)", link)
                if m and m.group(1) in posts:
                    continue
                m = re.fullmatch(re.escape(prefix) + r"/destinations/([a-z0-9-]+)", link)
                if m and m.group(1) in destinations:
                    continue
                if link == prefix + "/help" or link == prefix + "/store":
                    continue
                err(lw, "link to unknown or wrong-language path %s" % link)
        for lang in LANGS:
            pdf = os.path.join(products_dir, slug, "files", lang + ".pdf")
            if p["kind"] == "digital":
                if not os.path.isfile(pdf):
                    err(where, "missing files/%s.pdf" % lang)
                    continue
                with open(pdf, "rb") as f:
                    data = f.read()
                if not data.startswith(b"%PDF-1.4") or not data.rstrip().endswith(b"%%EOF") or len(data) >= 60 * 1024:
                    err(where, "bad PDF %s" % lang)
            elif os.path.exists(pdf):
                err(where, "physical product with files/")
    if sorted(featured) != list(range(1, len(featured) + 1)):
        err("products", "featured ranks should be 1..N without gaps: %s" % sorted(featured))
    return slugs


def main():
    categories = check_store()
    slugs = check_products(categories)
    # Names differ between languages.
    for slug in slugs:
        names = [front_matter(os.path.join(CONTENT, "products", slug, lang + ".md"))[0].get("name") for lang in LANGS]
        if len(set(names)) != len(names):
            err("products/" + slug, "names must differ between languages: %s" % names)
    for e in errors:
        print(e)
    print("%d products, %d problems" % (len(slugs), len(errors)))
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
