import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { deskOpeners } from '../db/schema.ts';

/** A few canned openers per members' language for the chat desk (O-05), for development. */
const OPENERS: Record<string, string[]> = {
  nl: [
    'Hoi! Leuk dat je me schrijft. Hoe is je dag tot nu toe?',
    'Hé, wat een verrassing! Vertel eens, wat doe je graag in het weekend?',
    'Ha! Ik zat net aan je te denken. Waar woon je precies?',
  ],
  en: [
    "Hi! Lovely to hear from you. How's your day going?",
    'Hey, what a nice surprise! Tell me, what do you like to do at the weekend?',
    'Hello! I was just thinking about you. Where exactly do you live?',
  ],
  de: [
    'Hallo! Schön, dass du mir schreibst. Wie war dein Tag bisher?',
    'Hey, was für eine Überraschung! Erzähl mal, was machst du am Wochenende gern?',
    'Hi! Ich habe gerade an dich gedacht. Wo wohnst du genau?',
  ],
  fr: [
    "Coucou ! Ça me fait plaisir que tu m'écrives. Ta journée se passe bien ?",
    "Salut, quelle belle surprise ! Dis-moi, qu'est-ce que tu aimes faire le week-end ?",
  ],
  es: [
    '¡Hola! Qué bien que me escribas. ¿Qué tal tu día?',
    '¡Hey, qué sorpresa! Cuéntame, ¿qué te gusta hacer los fines de semana?',
  ],
  it: [
    'Ciao! Che bello ricevere il tuo messaggio. Come va la giornata?',
    'Ehi, che sorpresa! Dimmi, cosa ti piace fare nel fine settimana?',
  ],
  da: [
    'Hej! Hvor er det dejligt at høre fra dig. Hvordan går din dag?',
    'Hej, sikke en overraskelse! Hvad laver du helst i weekenden?',
  ],
  sv: [
    'Hej! Vad kul att du skriver. Hur har din dag varit?',
    'Hej, vilken överraskning! Vad gillar du att göra på helgerna?',
  ],
  nb: [
    'Hei! Så hyggelig at du skriver. Hvordan har dagen din vært?',
    'Hei, for en overraskelse! Hva liker du å gjøre i helgene?',
  ],
  fi: [
    'Moi! Kiva kun kirjoitit. Miten päiväsi on mennyt?',
    'Hei, olipa yllätys! Mitä tykkäät tehdä viikonloppuisin?',
  ],
  pl: [
    'Cześć! Miło, że do mnie piszesz. Jak mija ci dzień?',
    'Hej, co za niespodzianka! Co lubisz robić w weekendy?',
  ],
};

/** Adds the openers once: only when there are none yet (an admin's own list is never touched). */
export async function seedDemoOpeners(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(deskOpeners);
  if ((row?.n ?? 0) > 0) return 0;
  const values = Object.entries(OPENERS).flatMap(([locale, bodies]) =>
    bodies.map((body, position) => ({ locale, body, position })),
  );
  await db.insert(deskOpeners).values(values);
  return values.length;
}
