#!/usr/bin/env python3
"""Builds server/data/airports.tsv, the airport table compiled into the server (docs/decisions/015-passenger-rights.md).

Source: the `airportsdata` package (PyPI, MIT licence, monthly releases; https://github.com/mborsetti/airportsdata).
Run it when the data should be refreshed: it downloads the pinned release with pip (or reads --csv / --macs files),
keeps the airports with an IATA code (those that sell tickets), adds the Spanish and Portuguese city names of
cities.tsv and a size rank from major.txt, and writes one compact tab-separated line per airport.

    python3 scripts/airports/build.py [--version 20260905] [--csv airports.csv --macs iata_macs.csv]
"""
import argparse, csv, glob, os, shutil, subprocess, sys, tempfile, zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
OUT = os.path.join(ROOT, "server", "data", "airports.tsv")
LICENCE_OUT = os.path.join(ROOT, "server", "data", "airports.LICENSE")
COLUMNS = ["iata", "icao", "name", "city", "city_es", "city_pt", "country", "lat", "lon", "tz", "rank", "metro"]
# Heliports, seaplane bases and military fields carry IATA codes but sell no tickets (unless major.txt names them).
NOT_AIRPORTS = ("Heliport", "Seaplane", "Air Force Base", "Air Base", "Naval Air", "Army Air")


def fetch(version):
    tmp = tempfile.mkdtemp()
    subprocess.run([sys.executable, "-m", "pip", "download", f"airportsdata=={version}", "--no-deps", "-q", "-d", tmp], check=True)
    wheel = glob.glob(os.path.join(tmp, "*.whl"))[0]
    zipfile.ZipFile(wheel).extractall(tmp)
    licence = glob.glob(os.path.join(tmp, "airportsdata-*.dist-info", "licenses", "LICENSE"))[0]
    return os.path.join(tmp, "airportsdata", "airports.csv"), os.path.join(tmp, "airportsdata", "iata_macs.csv"), licence


def table(name):
    with open(os.path.join(HERE, name), encoding="utf-8") as f:
        return [line.rstrip("\n") for line in f if line.strip() and not line.startswith("#")]


def clean(text):
    return " ".join(text.replace("\t", " ").split())


def main():
    args = argparse.ArgumentParser()
    args.add_argument("--version", default="20260905")
    args.add_argument("--csv")
    args.add_argument("--macs")
    opts = args.parse_args()
    licence = None
    if opts.csv and opts.macs:
        airports_csv, macs_csv = opts.csv, opts.macs
    else:
        airports_csv, macs_csv, licence = fetch(opts.version)
    names = {}
    for line in table("cities.tsv"):
        source, country, en, es, pt = line.split("\t")
        names[(source, country)] = (en, es, pt)
    major_order = [code for line in table("major.txt") for code in line.split()]
    major = set(major_order)
    metro = {}
    with open(macs_csv, encoding="utf-8") as f:
        for row in csv.DictReader(f):
            metro[row["Airport Code"]] = row["City Code"]
    rows, used = [], set()
    with open(airports_csv, encoding="utf-8") as f:
        for row in csv.DictReader(f):
            iata = row["iata"].strip().upper()
            if len(iata) != 3 or not row["tz"]:
                continue
            if iata not in major and any(word in row["name"] for word in NOT_AIRPORTS):
                continue
            key = (row["city"], row["country"])
            en, es, pt = names.get(key, (row["city"], row["city"], row["city"]))
            used.add(key)
            # Larger first among equal matches: major.txt's order, then international airports, then the rest.
            rank = 2000 - major_order.index(iata) if iata in major else 1 if "International" in row["name"] else 0
            rows.append([iata, row["icao"], clean(row["name"]), clean(en), "" if es == en else clean(es), "" if pt == en else clean(pt),
                         row["country"], f"{float(row['lat']):.4f}", f"{float(row['lon']):.4f}", row["tz"], str(rank), metro.get(iata, "")])
    unknown = sorted(set(names) - used)
    if unknown:
        sys.exit(f"cities.tsv names cities the source does not have: {unknown}")
    missing = sorted(major - {r[0] for r in rows})
    if missing:
        sys.exit(f"major.txt names airports the source does not have: {missing}")
    rows.sort(key=lambda r: r[0])
    os.makedirs(os.path.dirname(OUT), exist_ok=True)
    with open(OUT, "w", encoding="utf-8", newline="\n") as f:
        f.write("# " + "\t".join(COLUMNS) + f"\t(airportsdata {opts.version}, MIT; see airports.LICENSE)\n")
        for r in rows:
            f.write("\t".join(r) + "\n")
    if licence:
        shutil.copyfile(licence, LICENCE_OUT)
    print(f"{len(rows)} airports → {os.path.relpath(OUT, ROOT)}")


if __name__ == "__main__":
    main()
