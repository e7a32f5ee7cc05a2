// All eleven message catalogs, for the server and for tests. The web app loads one at a time instead.

import type { Locale } from './locales.ts';
import da from './messages/da.json' with { type: 'json' };
import de from './messages/de.json' with { type: 'json' };
import en from './messages/en.json' with { type: 'json' };
import es from './messages/es.json' with { type: 'json' };
import fi from './messages/fi.json' with { type: 'json' };
import fr from './messages/fr.json' with { type: 'json' };
import it from './messages/it.json' with { type: 'json' };
import nb from './messages/nb.json' with { type: 'json' };
import nl from './messages/nl.json' with { type: 'json' };
import pl from './messages/pl.json' with { type: 'json' };
import sv from './messages/sv.json' with { type: 'json' };

export type Catalog = Record<string, string>;

export const catalogs: Record<Locale, Catalog> = { da, de, en, es, fi, fr, it, nb, nl, pl, sv };
