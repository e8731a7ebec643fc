// Country without an IP database: a CDN's header, else the browser's time zone, else the region of the
// browser's first Accept-Language tag. The time-zone table covers the zones browsers commonly report.

const ZONES = `
Europe/Amsterdam NL|Europe/Andorra AD|Europe/Athens GR|Europe/Belgrade RS|Europe/Berlin DE|Europe/Bratislava SK
Europe/Brussels BE|Europe/Bucharest RO|Europe/Budapest HU|Europe/Busingen DE|Europe/Chisinau MD|Europe/Copenhagen DK
Europe/Dublin IE|Europe/Gibraltar GI|Europe/Helsinki FI|Europe/Istanbul TR|Europe/Kaliningrad RU|Europe/Kiev UA
Europe/Kyiv UA|Europe/Lisbon PT|Europe/Ljubljana SI|Europe/London GB|Europe/Luxembourg LU|Europe/Madrid ES
Europe/Malta MT|Europe/Minsk BY|Europe/Monaco MC|Europe/Moscow RU|Europe/Oslo NO|Europe/Paris FR
Europe/Podgorica ME|Europe/Prague CZ|Europe/Riga LV|Europe/Rome IT|Europe/Samara RU|Europe/San_Marino SM
Europe/Sarajevo BA|Europe/Skopje MK|Europe/Sofia BG|Europe/Stockholm SE|Europe/Tallinn EE|Europe/Tirane AL
Europe/Vaduz LI|Europe/Vatican VA|Europe/Vienna AT|Europe/Vilnius LT|Europe/Volgograd RU|Europe/Warsaw PL
Europe/Zagreb HR|Europe/Zurich CH|Atlantic/Reykjavik IS|Atlantic/Canary ES|Atlantic/Azores PT|Atlantic/Madeira PT
Asia/Nicosia CY|Europe/Nicosia CY|Atlantic/Faroe FO|Europe/Isle_of_Man IM|Europe/Jersey JE|Europe/Guernsey GG
America/New_York US|America/Chicago US|America/Denver US|America/Los_Angeles US|America/Phoenix US
America/Anchorage US|Pacific/Honolulu US|America/Detroit US|America/Boise US|America/Indiana/Indianapolis US
America/Kentucky/Louisville US|America/Toronto CA|America/Vancouver CA|America/Edmonton CA|America/Winnipeg CA
America/Halifax CA|America/St_Johns CA|America/Regina CA|America/Montreal CA|America/Mexico_City MX
America/Cancun MX|America/Monterrey MX|America/Tijuana MX|America/Guatemala GT|America/El_Salvador SV
America/Tegucigalpa HN|America/Managua NI|America/Costa_Rica CR|America/Panama PA|America/Havana CU
America/Santo_Domingo DO|America/Puerto_Rico PR|America/Jamaica JM|America/Port-au-Prince HT|America/Bogota CO
America/Caracas VE|America/Lima PE|America/Guayaquil EC|America/La_Paz BO|America/Santiago CL|America/Asuncion PY
America/Montevideo UY|America/Argentina/Buenos_Aires AR|America/Buenos_Aires AR|America/Argentina/Cordoba AR
America/Sao_Paulo BR|America/Fortaleza BR|America/Recife BR|America/Bahia BR|America/Manaus BR|America/Belem BR
America/Cuiaba BR|America/Paramaribo SR|America/Guyana GY|America/Cayenne GF|America/Martinique MQ
America/Barbados BB|America/Port_of_Spain TT|America/Nassau BS|America/Belize BZ|Atlantic/Bermuda BM
Asia/Tokyo JP|Asia/Seoul KR|Asia/Shanghai CN|Asia/Chongqing CN|Asia/Urumqi CN|Asia/Hong_Kong HK|Asia/Macau MO
Asia/Taipei TW|Asia/Singapore SG|Asia/Kuala_Lumpur MY|Asia/Jakarta ID|Asia/Makassar ID|Asia/Jayapura ID
Asia/Manila PH|Asia/Bangkok TH|Asia/Ho_Chi_Minh VN|Asia/Saigon VN|Asia/Phnom_Penh KH|Asia/Vientiane LA
Asia/Yangon MM|Asia/Dhaka BD|Asia/Kolkata IN|Asia/Calcutta IN|Asia/Kathmandu NP|Asia/Colombo LK|Asia/Karachi PK
Asia/Kabul AF|Asia/Tashkent UZ|Asia/Almaty KZ|Asia/Bishkek KG|Asia/Dushanbe TJ|Asia/Ashgabat TM|Asia/Tehran IR
Asia/Baghdad IQ|Asia/Riyadh SA|Asia/Dubai AE|Asia/Muscat OM|Asia/Qatar QA|Asia/Bahrain BH|Asia/Kuwait KW
Asia/Jerusalem IL|Asia/Tel_Aviv IL|Asia/Beirut LB|Asia/Damascus SY|Asia/Amman JO|Asia/Baku AZ|Asia/Tbilisi GE
Asia/Yerevan AM|Asia/Ulaanbaatar MN|Asia/Yekaterinburg RU|Asia/Novosibirsk RU|Asia/Krasnoyarsk RU|Asia/Irkutsk RU
Asia/Vladivostok RU|Asia/Pyongyang KP|Asia/Thimphu BT|Asia/Brunei BN|Asia/Dili TL|Indian/Maldives MV
Indian/Mauritius MU|Indian/Reunion RE|Africa/Cairo EG|Africa/Johannesburg ZA|Africa/Lagos NG|Africa/Nairobi KE
Africa/Casablanca MA|Africa/Algiers DZ|Africa/Tunis TN|Africa/Tripoli LY|Africa/Khartoum SD|Africa/Addis_Ababa ET
Africa/Accra GH|Africa/Abidjan CI|Africa/Dakar SN|Africa/Kampala UG|Africa/Dar_es_Salaam TZ|Africa/Kinshasa CD
Africa/Luanda AO|Africa/Maputo MZ|Africa/Harare ZW|Africa/Lusaka ZM|Africa/Windhoek NA|Africa/Gaborone BW
Africa/Douala CM|Africa/Kigali RW|Africa/Mogadishu SO|Africa/Bamako ML|Africa/Ouagadougou BF|Africa/Niamey NE
Australia/Sydney AU|Australia/Melbourne AU|Australia/Brisbane AU|Australia/Perth AU|Australia/Adelaide AU
Australia/Hobart AU|Australia/Darwin AU|Pacific/Auckland NZ|Pacific/Fiji FJ|Pacific/Guam GU|Pacific/Port_Moresby PG
Pacific/Tahiti PF|Pacific/Noumea NC|Pacific/Apia WS|Pacific/Tongatapu TO`;

const ZONE_COUNTRY = new Map<string, string>();
for (const pair of ZONES.split(/[|\n]/)) {
  const [zone, country] = pair.trim().split(' ');
  if (zone && country) ZONE_COUNTRY.set(zone, country);
}

const CDN_HEADERS = ['cf-ipcountry', 'x-vercel-ip-country', 'cloudfront-viewer-country', 'x-country-code'] as const;

export function countryForTimeZone(timeZone: string): string | null {
  return ZONE_COUNTRY.get(timeZone) ?? null;
}

/** `de-AT,de;q=0.9` -> `AT`; a tag without a region gives null. */
export function countryForAcceptLanguage(header: string): string | null {
  const first = header.split(',')[0]?.split(';')[0]?.trim() ?? '';
  const parts = first.split(/[-_]/);
  for (const part of parts.slice(1)) if (/^[A-Za-z]{2}$/.test(part)) return part.toUpperCase();
  return null;
}

/** Two-letter country code, or `(unknown)`. */
export function deriveCountry(headers: Record<string, string | string[] | undefined>, timeZone: string | undefined): string {
  for (const name of CDN_HEADERS) {
    const value = headers[name];
    const text = (Array.isArray(value) ? value[0] : value)?.trim().toUpperCase();
    // XX and T1 are Cloudflare's "unknown" and "Tor".
    if (text && /^[A-Z]{2}$/.test(text) && text !== 'XX' && text !== 'T1') return text;
  }
  if (timeZone) {
    const country = countryForTimeZone(timeZone);
    if (country) return country;
  }
  const language = headers['accept-language'];
  const region = countryForAcceptLanguage((Array.isArray(language) ? language[0] : language) ?? '');
  return region ?? '(unknown)';
}

/** Primary language subtag of a browser language (`de-AT` -> `de`), or `(unknown)`. */
export function normalizeLanguage(tag: string | undefined): string {
  const primary = (tag ?? '').split(/[-_,;]/)[0]?.trim().toLowerCase() ?? '';
  return /^[a-z]{2,3}$/.test(primary) ? primary : '(unknown)';
}
