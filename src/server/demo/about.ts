// Long for a reason: a data table (demo 'about me' sentences in every language), not logic; do not split.
import type { Locale } from '../../shared/i18n/locales.ts';
import type { Rng } from './random.ts';

/** A sentence; where the language shows the writer's gender, its female and male forms. */
type Fragment = string | { f: string; m: string };
/** The grammatical form a member writes in: female, male, or neutral (only sentences without a gender). */
export type TextForm = 'f' | 'm' | 'n';

interface AboutTexts {
  hello: readonly string[];
  me: readonly Fragment[];
  /** `{list}`: some of the member's hobbies. */
  hobbies: readonly string[];
  and: string;
  looking: readonly string[];
  bye: readonly string[];
  /** Couples write as "we". */
  us: { me: readonly string[]; hobbies: string; looking: readonly string[]; bye: readonly string[] };
}

// `{city}` is replaced by the member's city. Warm and flirty, never explicit.
const TEXTS: Record<Locale, AboutTexts> = {
  nl: {
    hello: ['Hoi!', 'Hallo daar!', 'Hé, leuk dat je even kijkt!', 'Welkom op mijn profiel.', 'Hoi hoi!'],
    me: [
      'Ik ben een vrolijk en spontaan mens dat volop van het leven geniet.',
      'Ik woon in {city} en ben altijd in voor iets nieuws.',
      'Vrienden noemen me zorgzaam, eerlijk en een tikkeltje ondeugend.',
      'Ik lach graag en neem mezelf niet te serieus.',
      "Overdag werk ik hard, maar 's avonds wil ik genieten.",
      'Ik ben nieuwsgierig, sociaal en hou van goede gesprekken.',
      'In het begin ben ik een beetje verlegen, maar dat duurt nooit lang.',
      'Ik geniet van de kleine dingen: een zonsondergang, een goed glas wijn en leuk gezelschap.',
      'Trouw, open en met een flinke dosis humor: zo ben ik.',
      'Ik ben romantisch, maar ook avontuurlijk.',
    ],
    hobbies: ['Mijn passies: {list}.', 'Waar ik blij van word: {list}.', 'In mijn vrije tijd: {list}.'],
    and: 'en',
    looking: [
      'Ik zoek iemand om mee te lachen, te flirten en te zien waar het heen gaat.',
      'Ben jij spontaan en in voor een avontuurtje? Dan klikt het vast.',
      'Ik hoop hier iemand te vinden met wie het meteen klikt.',
      'Voor mij begint alles met een leuk gesprek.',
      'Ik ben op zoek naar spanning, warmte en een vleugje romantiek.',
      'Geen haast, wel zin in iets moois.',
      'Een goede date begint voor mij met oogcontact en een glimlach.',
    ],
    bye: [
      'Stuur me gerust een berichtje!',
      'Durf jij de eerste stap te zetten?',
      'Hopelijk tot snel!',
      'Zeg gerust hoi, ik bijt niet. Meestal niet, tenminste.',
      'Wie weet drinken we binnenkort samen iets.',
    ],
    us: {
      me: [
        'Wij zijn een ondeugend stel uit {city} dat graag nieuwe mensen leert kennen.',
        'We zijn al een tijdje gelukkig samen, en nieuwsgierig naar meer.',
        'Wij zijn een open, gezellig stel met gevoel voor humor.',
      ],
      hobbies: 'Samen houden we van: {list}.',
      looking: [
        'We zoeken iemand die net zo spontaan is als wij.',
        'Zin in een gezellige avond met ons? Laat van je horen.',
        'Discretie en respect vinden wij heel belangrijk.',
      ],
      bye: ['Stuur ons gerust een bericht!', 'Tot snel!', 'Wij zijn benieuwd naar jou.'],
    },
  },
  en: {
    hello: ['Hi there!', 'Hey!', 'Hello, nice of you to stop by.', 'Welcome to my profile!', 'Hiya!'],
    me: [
      'I am a cheerful, spontaneous person who loves life.',
      "I live in {city} and I'm always up for something new.",
      'My friends say I am caring, honest and just a little bit cheeky.',
      "I love to laugh and I don't take myself too seriously.",
      'I work hard during the day, but my evenings are for enjoying life.',
      "I'm curious, sociable and I love a good conversation.",
      'I can be a bit shy at first, but that never lasts long.',
      'I enjoy the little things: a sunset, a good glass of wine and great company.',
      'Loyal, open and with a healthy dose of humour: that is me.',
      "I'm a romantic with an adventurous streak.",
    ],
    hobbies: ['My passions: {list}.', 'What makes me happy: {list}.', 'In my free time: {list}.'],
    and: 'and',
    looking: [
      'I am looking for someone to laugh with, flirt with and see where it goes.',
      "Are you spontaneous and up for a little adventure? Then we'll get on just fine.",
      'I hope to meet someone here I click with straight away.',
      'For me, everything starts with a good conversation.',
      "I'm looking for excitement, warmth and a touch of romance.",
      'No rush, but I would love to find something special.',
      'A good date starts with eye contact and a smile.',
    ],
    bye: [
      'Feel free to send me a message!',
      'Dare to make the first move?',
      'Hope to hear from you soon!',
      "Say hi, I don't bite. Well, not usually.",
      'Who knows, maybe we will be sharing a drink soon.',
    ],
    us: {
      me: [
        'We are a playful couple from {city} who love meeting new people.',
        "We've been happily together for a while, and we are curious about more.",
        'We are an open, easy-going couple with a good sense of humour.',
      ],
      hobbies: 'Together we love: {list}.',
      looking: [
        'We are looking for someone as spontaneous as we are.',
        'Fancy a fun evening with us? Get in touch.',
        'Discretion and respect matter a lot to us.',
      ],
      bye: ['Feel free to message us!', 'See you soon!', "We'd love to hear from you."],
    },
  },
  de: {
    hello: [
      'Hallo!',
      'Hey du!',
      'Hi, schön, dass du vorbeischaust!',
      'Willkommen auf meinem Profil.',
      'Na, du?',
    ],
    me: [
      'Ich bin ein fröhlicher, spontaner Mensch und genieße das Leben in vollen Zügen.',
      'Ich wohne in {city} und bin immer offen für Neues.',
      'Meine Freunde sagen, ich sei fürsorglich, ehrlich und ein kleines bisschen frech.',
      'Ich lache gern und nehme mich selbst nicht zu ernst.',
      'Tagsüber arbeite ich viel, aber abends will ich genießen.',
      'Ich bin neugierig, gesellig und liebe gute Gespräche.',
      'Am Anfang bin ich etwas schüchtern, aber das hält nie lange an.',
      'Ich genieße die kleinen Dinge: einen Sonnenuntergang, ein gutes Glas Wein und nette Gesellschaft.',
      'Treu, offen und mit einer ordentlichen Portion Humor: So bin ich.',
      'Ich bin romantisch, aber auch abenteuerlustig.',
    ],
    hobbies: [
      'Meine Leidenschaften: {list}.',
      'Was mich glücklich macht: {list}.',
      'In meiner Freizeit: {list}.',
    ],
    and: 'und',
    looking: [
      'Ich suche jemanden zum Lachen, zum Flirten und um zu sehen, wohin es führt.',
      'Bist du spontan und für ein kleines Abenteuer zu haben? Dann passt es bestimmt.',
      'Ich hoffe, hier jemanden zu finden, mit dem es sofort funkt.',
      'Für mich beginnt alles mit einem guten Gespräch.',
      'Ich suche Spannung, Wärme und eine Prise Romantik.',
      'Keine Eile, aber Lust auf etwas Schönes.',
      'Ein gutes Date beginnt für mich mit einem Blick und einem Lächeln.',
    ],
    bye: [
      'Schreib mir einfach!',
      'Traust du dich, den ersten Schritt zu machen?',
      'Bis hoffentlich bald!',
      'Sag ruhig Hallo, ich beiße nicht. Meistens jedenfalls.',
      'Wer weiß, vielleicht trinken wir bald zusammen etwas.',
    ],
    us: {
      me: [
        'Wir sind ein verspieltes Paar aus {city} und lernen gern neue Leute kennen.',
        'Wir sind schon eine Weile glücklich zusammen und neugierig auf mehr.',
        'Wir sind ein offenes, geselliges Paar mit viel Humor.',
      ],
      hobbies: 'Gemeinsam lieben wir: {list}.',
      looking: [
        'Wir suchen jemanden, der genauso spontan ist wie wir.',
        'Lust auf einen schönen Abend mit uns? Melde dich.',
        'Diskretion und Respekt sind uns sehr wichtig.',
      ],
      bye: ['Schreib uns gern!', 'Bis bald!', 'Wir sind gespannt auf dich.'],
    },
  },
  fr: {
    hello: [
      'Coucou !',
      'Salut !',
      'Bonjour, merci de passer par ici !',
      'Bienvenue sur mon profil.',
      'Hello toi !',
    ],
    me: [
      "Je suis quelqu'un de joyeux et spontané qui croque la vie à pleines dents.",
      {
        f: "J'habite à {city} et je suis toujours partante pour de nouvelles aventures.",
        m: "J'habite à {city} et je suis toujours partant pour de nouvelles aventures.",
      },
      {
        f: 'Mes amis disent que je suis attentionnée, honnête et un brin coquine.',
        m: 'Mes amis disent que je suis attentionné, honnête et un brin coquin.',
      },
      "J'aime rire et je ne me prends pas trop au sérieux.",
      "Je travaille beaucoup en journée, mais le soir, j'aime profiter de la vie.",
      'Curiosité, bonne humeur et longues conversations : voilà ce qui me définit.',
      'Un peu timide au début, mais ça ne dure jamais longtemps.',
      'Je savoure les petits plaisirs : un coucher de soleil, un bon verre de vin et une belle compagnie.',
      {
        f: "Fidèle, ouverte et pleine d'humour : c'est moi.",
        m: "Fidèle, ouvert et plein d'humour : c'est moi.",
      },
      "Je suis romantique, mais j'ai aussi le goût de l'aventure.",
    ],
    hobbies: ['Mes passions : {list}.', "Ce que j'aime : {list}.", 'Pendant mon temps libre : {list}.'],
    and: 'et',
    looking: [
      "Je cherche quelqu'un avec qui rire, flirter et voir où cela nous mène.",
      "Tu aimes la spontanéité et les petites aventures ? Alors on va bien s'entendre.",
      "J'espère trouver ici quelqu'un avec qui le courant passe tout de suite.",
      'Pour moi, tout commence par une bonne conversation.',
      'Je cherche du frisson, de la tendresse et une touche de romantisme.',
      "Rien ne presse, mais j'ai envie de vivre quelque chose de beau.",
      'Un bon rendez-vous commence par un regard et un sourire.',
    ],
    bye: [
      "N'hésite pas à m'écrire !",
      'Oseras-tu faire le premier pas ?',
      "À très bientôt, j'espère !",
      'Dis-moi bonjour, je ne mords pas. Enfin, pas souvent.',
      'Qui sait, on prendra peut-être bientôt un verre ensemble.',
    ],
    us: {
      me: [
        'Nous sommes un couple coquin de {city} qui adore faire de nouvelles rencontres.',
        "Heureux ensemble depuis un moment, nous sommes curieux d'en découvrir plus.",
        "Nous sommes un couple ouvert et convivial, avec beaucoup d'humour.",
      ],
      hobbies: 'Ensemble, nous aimons : {list}.',
      looking: [
        "Nous cherchons quelqu'un d'aussi spontané que nous.",
        "Envie d'une soirée sympa avec nous ? Fais-nous signe.",
        'La discrétion et le respect comptent beaucoup pour nous.',
      ],
      bye: ["N'hésite pas à nous écrire !", 'À bientôt !', 'Nous avons hâte de te lire.'],
    },
  },
  it: {
    hello: ['Ciao!', 'Ehi, ciao!', 'Ciao a te!', 'Benvenuti sul mio profilo!', 'Eccomi qui!'],
    me: [
      'Sono una persona solare e spontanea che si gode la vita.',
      {
        f: 'Vivo a {city} e sono sempre pronta a provare cose nuove.',
        m: 'Vivo a {city} e sono sempre pronto a provare cose nuove.',
      },
      {
        f: "Gli amici dicono che sono premurosa, sincera e un po' birichina.",
        m: "Gli amici dicono che sono premuroso, sincero e un po' birichino.",
      },
      'Mi piace ridere e non mi prendo troppo sul serio.',
      'Di giorno lavoro tanto, ma la sera voglio godermi la vita.',
      'Sono una persona curiosa e socievole, e adoro le belle chiacchierate.',
      {
        f: "All'inizio sono un po' timida, ma dura poco.",
        m: "All'inizio sono un po' timido, ma dura poco.",
      },
      'Amo le piccole cose: un tramonto, un buon bicchiere di vino e una bella compagnia.',
      {
        f: 'Leale, aperta e con tanta ironia: questa sono io.',
        m: 'Leale, aperto e con tanta ironia: questo sono io.',
      },
      'Ho un lato romantico e uno avventuroso.',
    ],
    hobbies: ['Le mie passioni: {list}.', 'Cosa mi rende felice: {list}.', 'Nel tempo libero: {list}.'],
    and: 'e',
    looking: [
      'Cerco qualcuno con cui ridere, flirtare e vedere dove ci porta.',
      "Ti piacciono la spontaneità e le piccole avventure? Allora andremo d'accordo.",
      'Spero di trovare qui qualcuno con cui scatti subito la scintilla.',
      'Per me tutto inizia con una bella conversazione.',
      'Cerco emozioni, calore e un pizzico di romanticismo.',
      'Nessuna fretta, ma tanta voglia di qualcosa di bello.',
      "Un bell'appuntamento inizia con uno sguardo e un sorriso.",
    ],
    bye: [
      'Scrivimi pure!',
      'Hai il coraggio di fare il primo passo?',
      'A presto, spero!',
      'Salutami pure, non mordo. Almeno, non spesso.',
      'Chissà, magari presto beviamo qualcosa insieme.',
    ],
    us: {
      me: [
        'Siamo una coppia birichina di {city} a cui piace conoscere gente nuova.',
        "Stiamo felicemente insieme da un po' e siamo curiosi di scoprire di più.",
        'Siamo una coppia aperta e socievole, con tanta ironia.',
      ],
      hobbies: 'Insieme amiamo: {list}.',
      looking: [
        'Cerchiamo qualcuno spontaneo quanto noi.',
        'Ti va di passare una bella serata con noi? Facci sapere.',
        'Per noi discrezione e rispetto sono fondamentali.',
      ],
      bye: ['Scrivici pure!', 'A presto!', 'Siamo curiosi di conoscerti.'],
    },
  },
  es: {
    hello: [
      '¡Hola!',
      '¡Hola, qué tal!',
      '¡Hola! Gracias por pasarte por aquí.',
      'Me alegra que estés aquí.',
      '¡Ey!',
    ],
    me: [
      'Soy una persona alegre y espontánea que disfruta de la vida.',
      'Vivo en {city} y siempre me apunto a algo nuevo.',
      {
        f: 'Mis amigos dicen que soy cariñosa, sincera y un poquito traviesa.',
        m: 'Mis amigos dicen que soy cariñoso, sincero y un poquito travieso.',
      },
      'Me encanta reír y no me tomo demasiado en serio.',
      'Durante el día trabajo mucho, pero por la noche me gusta disfrutar.',
      'Soy una persona curiosa y sociable, y me encantan las buenas conversaciones.',
      {
        f: 'Al principio soy un poco tímida, pero se me pasa enseguida.',
        m: 'Al principio soy un poco tímido, pero se me pasa enseguida.',
      },
      'Disfruto de las pequeñas cosas: un atardecer, una buena copa de vino y buena compañía.',
      {
        f: 'Fiel, abierta y con mucho sentido del humor: así soy yo.',
        m: 'Fiel, abierto y con mucho sentido del humor: así soy yo.',
      },
      'Tengo un lado romántico y otro aventurero.',
    ],
    hobbies: ['Mis pasiones: {list}.', 'Lo que me hace feliz: {list}.', 'En mi tiempo libre: {list}.'],
    and: 'y',
    looking: [
      'Busco a alguien con quien reír, coquetear y ver adónde nos lleva.',
      '¿Te gustan la espontaneidad y las pequeñas aventuras? Entonces nos llevaremos bien.',
      'Espero encontrar aquí a alguien con quien haya chispa desde el principio.',
      'Para mí, todo empieza con una buena conversación.',
      'Busco emoción, cariño y un toque de romanticismo.',
      'Sin prisa, pero con muchas ganas de algo bonito.',
      'Una buena cita empieza con una mirada y una sonrisa.',
    ],
    bye: [
      '¡Escríbeme sin miedo!',
      '¿Te atreves a dar el primer paso?',
      '¡Espero saber de ti pronto!',
      'Salúdame, no muerdo. Bueno, casi nunca.',
      'Quién sabe, quizá pronto tomemos algo juntos.',
    ],
    us: {
      me: [
        'Somos una pareja traviesa de {city} a la que le encanta conocer gente nueva.',
        'Llevamos un tiempo felices juntos y tenemos curiosidad por algo más.',
        'Somos una pareja abierta y sociable, con mucho sentido del humor.',
      ],
      hobbies: 'Juntos nos encanta: {list}.',
      looking: [
        'Buscamos a alguien tan espontáneo como nosotros.',
        '¿Te apetece una noche divertida con nosotros? Escríbenos.',
        'La discreción y el respeto son muy importantes para nosotros.',
      ],
      bye: ['¡Escríbenos!', '¡Hasta pronto!', 'Tenemos ganas de conocerte.'],
    },
  },
  pl: {
    hello: ['Cześć!', 'Hej!', 'Witaj na moim profilu!', 'Hej, miło, że tu zaglądasz!', 'Dzień dobry!'],
    me: [
      'Jestem osobą radosną i spontaniczną, która cieszy się życiem.',
      '{city} to moje miejsce na ziemi, a nowe wyzwania zawsze mnie cieszą.',
      {
        f: 'Przyjaciele mówią, że jestem troskliwa, szczera i odrobinę psotna.',
        m: 'Przyjaciele mówią, że jestem troskliwy, szczery i odrobinę psotny.',
      },
      'Lubię się śmiać i nie traktuję siebie zbyt poważnie.',
      'W dzień dużo pracuję, ale wieczory są od tego, żeby się nimi cieszyć.',
      'Jestem osobą ciekawą świata i towarzyską, uwielbiam dobre rozmowy.',
      {
        f: 'Na początku bywam nieśmiała, ale szybko mi to przechodzi.',
        m: 'Na początku bywam nieśmiały, ale szybko mi to przechodzi.',
      },
      'Cieszą mnie drobiazgi: zachód słońca, dobry kieliszek wina i miłe towarzystwo.',
      {
        f: 'Lojalna, otwarta i z dużym poczuciem humoru: taka właśnie jestem.',
        m: 'Lojalny, otwarty i z dużym poczuciem humoru: taki właśnie jestem.',
      },
      'Mam w sobie romantyzm, ale też żyłkę do przygód.',
    ],
    hobbies: ['Moje pasje: {list}.', 'Co mnie cieszy: {list}.', 'W wolnym czasie: {list}.'],
    and: 'i',
    looking: [
      'Szukam kogoś, z kim mogę się pośmiać, poflirtować i zobaczyć, dokąd nas to zaprowadzi.',
      'Lubisz spontaniczność i małe przygody? W takim razie na pewno się dogadamy.',
      'Mam nadzieję znaleźć tu kogoś, z kim od razu zaiskrzy.',
      'Dla mnie wszystko zaczyna się od dobrej rozmowy.',
      'Szukam emocji, ciepła i odrobiny romantyzmu.',
      'Bez pośpiechu, ale z ochotą na coś pięknego.',
      'Dobra randka zaczyna się od spojrzenia i uśmiechu.',
    ],
    bye: [
      'Napisz do mnie!',
      'Odważysz się zrobić pierwszy krok?',
      'Mam nadzieję, że do usłyszenia!',
      'Śmiało, napisz, nie gryzę. No, prawie nigdy.',
      'Kto wie, może niedługo wypijemy razem drinka.',
    ],
    us: {
      me: [
        'Jesteśmy figlarną parą i lubimy poznawać nowych ludzi. Nasze miasto to {city}.',
        'Od jakiegoś czasu jesteśmy szczęśliwą parą i jesteśmy ciekawi czegoś więcej.',
        'Jesteśmy otwartą, towarzyską parą z dużym poczuciem humoru.',
      ],
      hobbies: 'Razem lubimy: {list}.',
      looking: [
        'Szukamy kogoś równie spontanicznego jak my.',
        'Masz ochotę na miły wieczór z nami? Odezwij się.',
        'Dyskrecja i szacunek są dla nas bardzo ważne.',
      ],
      bye: ['Napisz do nas!', 'Do zobaczenia!', 'Jesteśmy Ciebie ciekawi.'],
    },
  },
  fi: {
    hello: ['Moi!', 'Hei!', 'Heippa, kiva kun kurkkasit!', 'Tervetuloa profiiliini!', 'Moikka!'],
    me: [
      'Olen iloinen ja spontaani ihminen, joka nauttii elämästä täysillä.',
      'Kotikaupunkini on {city}, ja olen aina valmis kokeilemaan jotain uutta.',
      'Ystäväni sanovat, että olen huolehtivainen, rehellinen ja hieman veikeä.',
      'Nauran paljon enkä ota itseäni liian vakavasti.',
      'Päivisin teen paljon töitä, mutta illat ovat nauttimista varten.',
      'Olen utelias ja sosiaalinen, ja rakastan hyviä keskusteluja.',
      'Alussa olen vähän ujo, mutta se menee nopeasti ohi.',
      'Nautin pienistä asioista: auringonlaskusta, lasillisesta hyvää viiniä ja mukavasta seurasta.',
      'Uskollinen, avoin ja reilusti huumorintajua: sellainen olen.',
      'Olen romantikko, mutta minussa on myös seikkailijan vikaa.',
    ],
    hobbies: ['Intohimoni: {list}.', 'Mikä tekee minut iloiseksi: {list}.', 'Vapaa-ajallani: {list}.'],
    and: 'ja',
    looking: [
      'Etsin jotakuta, jonka kanssa nauraa, flirttailla ja katsoa, mihin se vie.',
      'Oletko spontaani ja valmis pieneen seikkailuun? Sitten tulemme varmasti toimeen.',
      'Toivon löytäväni täältä jonkun, jonka kanssa synkkaa heti.',
      'Minulle kaikki alkaa hyvästä keskustelusta.',
      'Kaipaan jännitystä, lämpöä ja ripauksen romantiikkaa.',
      'Ei kiirettä, mutta halu löytää jotain kaunista.',
      'Hyvät treffit alkavat katseesta ja hymystä.',
    ],
    bye: [
      'Laita viestiä!',
      'Uskallatko ottaa ensimmäisen askeleen?',
      'Toivottavasti kuullaan pian!',
      'Sano rohkeasti hei, en pure. No, en ainakaan usein.',
      'Kuka tietää, ehkä juomme pian jotain yhdessä.',
    ],
    us: {
      me: [
        'Olemme leikkisä pariskunta, ja kotikaupunkimme on {city}. Tutustumme mielellämme uusiin ihmisiin.',
        'Olemme olleet onnellisesti yhdessä jo jonkin aikaa ja olemme uteliaita kokemaan lisää.',
        'Olemme avoin ja seurallinen pariskunta, jolla on hyvä huumorintaju.',
      ],
      hobbies: 'Yhdessä rakastamme: {list}.',
      looking: [
        'Etsimme jotakuta, joka on yhtä spontaani kuin me.',
        'Haluaisitko viettää hauskan illan kanssamme? Ota yhteyttä.',
        'Hienotunteisuus ja kunnioitus ovat meille tärkeitä.',
      ],
      bye: ['Laita meille viestiä!', 'Nähdään pian!', 'Odotamme innolla kuulevamme sinusta.'],
    },
  },
  sv: {
    hello: ['Hej!', 'Hej hej!', 'Hej, kul att du tittar in!', 'Välkommen till min profil!', 'Tjena!'],
    me: [
      'Jag är en glad och spontan person som njuter av livet fullt ut.',
      'Jag bor i {city} och är alltid på för något nytt.',
      'Mina vänner säger att jag är omtänksam, ärlig och en aning busig.',
      'Jag skrattar gärna och tar inte mig själv på för stort allvar.',
      'På dagarna jobbar jag mycket, men kvällarna är till för att njuta.',
      'Jag är nyfiken, social och älskar bra samtal.',
      'I början är jag lite blyg, men det går snabbt över.',
      'Jag njuter av de små sakerna: en solnedgång, ett gott glas vin och trevligt sällskap.',
      'Lojal, öppen och med en rejäl dos humor: det är jag.',
      'Jag är romantisk men också äventyrlig.',
    ],
    hobbies: ['Mina passioner: {list}.', 'Det här gör mig glad: {list}.', 'På fritiden: {list}.'],
    and: 'och',
    looking: [
      'Jag söker någon att skratta med, flörta med och se vart det leder.',
      'Är du spontan och sugen på ett litet äventyr? Då kommer vi säkert överens.',
      'Jag hoppas hitta någon här som det klickar med direkt.',
      'För mig börjar allt med ett bra samtal.',
      'Jag söker spänning, värme och en gnutta romantik.',
      'Ingen brådska, men gärna något fint.',
      'En bra dejt börjar med en blick och ett leende.',
    ],
    bye: [
      'Skicka gärna ett meddelande!',
      'Vågar du ta första steget?',
      'Hoppas vi hörs snart!',
      'Säg hej, jag bits inte. Inte så ofta i alla fall.',
      'Vem vet, kanske tar vi en drink ihop snart.',
    ],
    us: {
      me: [
        'Vi är ett lekfullt par från {city} som gärna träffar nya människor.',
        'Vi har varit lyckliga tillsammans ett tag och är nyfikna på mer.',
        'Vi är ett öppet och socialt par med mycket humor.',
      ],
      hobbies: 'Tillsammans älskar vi: {list}.',
      looking: [
        'Vi söker någon som är lika spontan som vi.',
        'Sugen på en trevlig kväll med oss? Hör av dig.',
        'Diskretion och respekt är viktigt för oss.',
      ],
      bye: ['Skriv gärna till oss!', 'Vi hörs!', 'Vi är nyfikna på dig.'],
    },
  },
  da: {
    hello: [
      'Hej!',
      'Hej med dig!',
      'Hej, dejligt at du kigger forbi!',
      'Velkommen til min profil!',
      'Hejsa!',
    ],
    me: [
      'Jeg er et glad og spontant menneske, der nyder livet fuldt ud.',
      'Jeg bor i {city} og er altid frisk på noget nyt.',
      'Mine venner siger, at jeg er omsorgsfuld, ærlig og en lille smule fræk.',
      'Jeg griner meget og tager ikke mig selv alt for højtideligt.',
      'Om dagen arbejder jeg meget, men aftenerne er til at nyde.',
      'Jeg er nysgerrig, social og elsker en god snak.',
      'I starten er jeg lidt genert, men det går hurtigt over.',
      'Jeg nyder de små ting: en solnedgang, et godt glas vin og hyggeligt selskab.',
      'Loyal, åben og med en god portion humor: sådan er jeg.',
      'Jeg er romantisk, men også eventyrlysten.',
    ],
    hobbies: ['Mine passioner: {list}.', 'Det gør mig glad: {list}.', 'I min fritid: {list}.'],
    and: 'og',
    looking: [
      'Jeg søger en at grine med, flirte med og se, hvor det fører hen.',
      'Er du spontan og frisk på et lille eventyr? Så skal vi nok komme godt ud af det.',
      'Jeg håber at møde en her, hvor det klikker med det samme.',
      'For mig starter alt med en god samtale.',
      'Jeg søger spænding, varme og et strejf af romantik.',
      'Ingen hast, men lyst til noget smukt.',
      'En god date starter med et blik og et smil.',
    ],
    bye: [
      'Skriv endelig til mig!',
      'Tør du tage det første skridt?',
      'Håber vi snakkes snart!',
      'Sig hej, jeg bider ikke. I hvert fald ikke ret tit.',
      'Hvem ved, måske tager vi en drink sammen snart.',
    ],
    us: {
      me: [
        'Vi er et legesygt par fra {city}, som elsker at møde nye mennesker.',
        'Vi har været lykkelige sammen et stykke tid og er nysgerrige efter mere.',
        'Vi er et åbent og hyggeligt par med masser af humor.',
      ],
      hobbies: 'Sammen elsker vi: {list}.',
      looking: [
        'Vi søger en, der er lige så spontan som os.',
        'Lyst til en hyggelig aften med os? Så skriv.',
        'Diskretion og respekt betyder meget for os.',
      ],
      bye: ['Skriv endelig til os!', 'Vi ses!', 'Vi glæder os til at høre fra dig.'],
    },
  },
  nb: {
    hello: [
      'Hei!',
      'Hei på deg!',
      'Hei, hyggelig at du stikker innom!',
      'Velkommen til profilen min!',
      'Heisann!',
    ],
    me: [
      'Jeg er et glad og spontant menneske som nyter livet fullt ut.',
      'Jeg bor i {city} og er alltid klar for noe nytt.',
      'Vennene mine sier at jeg er omsorgsfull, ærlig og en anelse frekk.',
      'Jeg ler mye og tar ikke meg selv så høytidelig.',
      'På dagtid jobber jeg mye, men kveldene er til for å kose seg.',
      'Jeg er nysgjerrig, sosial og elsker gode samtaler.',
      'I starten er jeg litt sjenert, men det går fort over.',
      'Jeg setter pris på de små tingene: en solnedgang, et godt glass vin og hyggelig selskap.',
      'Lojal, åpen og med en god dose humor: sånn er jeg.',
      'Jeg er romantisk, men også eventyrlysten.',
    ],
    hobbies: ['Lidenskapene mine: {list}.', 'Dette gjør meg glad: {list}.', 'På fritiden: {list}.'],
    and: 'og',
    looking: [
      'Jeg ser etter noen å le med, flørte med og se hvor det bærer.',
      'Er du spontan og klar for et lite eventyr? Da går det nok bra.',
      'Jeg håper å møte noen her der det klikker med en gang.',
      'For meg starter alt med en god samtale.',
      'Jeg ser etter spenning, varme og et snev av romantikk.',
      'Ingen hast, men lyst på noe fint.',
      'En god date starter med et blikk og et smil.',
    ],
    bye: [
      'Send meg gjerne en melding!',
      'Tør du ta det første steget?',
      'Håper vi snakkes snart!',
      'Si hei, jeg biter ikke. I hvert fall ikke så ofte.',
      'Hvem vet, kanskje tar vi en drink sammen snart.',
    ],
    us: {
      me: [
        'Vi er et lekent par fra {city} som liker å bli kjent med nye folk.',
        'Vi har vært lykkelige sammen en stund og er nysgjerrige på mer.',
        'Vi er et åpent og sosialt par med mye humor.',
      ],
      hobbies: 'Sammen elsker vi: {list}.',
      looking: [
        'Vi ser etter noen som er like spontane som oss.',
        'Lyst på en hyggelig kveld med oss? Ta kontakt.',
        'Diskresjon og respekt betyr mye for oss.',
      ],
      bye: ['Send oss gjerne en melding!', 'Snakkes!', 'Vi gleder oss til å høre fra deg.'],
    },
  },
};

/** "a, b and c" in the language; Spanish says "e" before an i-sound. */
function joinList(locale: Locale, items: readonly string[], and: string): string {
  if (items.length <= 1) return items.join('');
  const last = items.at(-1) as string;
  const conj = locale === 'es' && /^h?i(?![aeiouáéó])/i.test(last) ? 'e' : and;
  return `${items.slice(0, -1).join(', ')} ${conj} ${last}`;
}

/** Interest names start with a capital; in running text only German nouns keep it ("TV series" stays). */
const inText = (locale: Locale, name: string) =>
  locale !== 'de' && /^\p{Lu}\p{Ll}/u.test(name) ? name[0]?.toLowerCase() + name.slice(1) : name;

function sentence(rng: Rng, fragments: readonly Fragment[], form: TextForm): string {
  // Nonbinary members write only sentences that show no gender, when the language has them.
  const usable = form === 'n' ? fragments.filter((f) => typeof f === 'string') : fragments;
  const chosen = rng.pick(usable.length ? usable : fragments);
  if (typeof chosen === 'string') return chosen;
  return form === 'm' ? chosen.m : form === 'f' ? chosen.f : rng.pick([chosen.f, chosen.m]);
}

/**
 * An about-me text of three to six sentences, composed from the fragments of the member's language, so
 * that two members rarely have the same text.
 */
export function composeAbout(
  rng: Rng,
  opts: { locale: Locale; form: TextForm; couple: boolean; city: string; hobbies: readonly string[] },
): string {
  const t = TEXTS[opts.locale];
  const hobbyList = joinList(
    opts.locale,
    opts.hobbies.map((h) => inText(opts.locale, h)),
    t.and,
  );
  const parts: string[] = [];
  if (rng.chance(0.6)) parts.push(rng.pick(t.hello));
  if (opts.couple) {
    parts.push(rng.pick(t.us.me));
    if (hobbyList && rng.chance(0.8)) parts.push(t.us.hobbies.replace('{list}', hobbyList));
    parts.push(rng.pick(t.us.looking));
    if (rng.chance(0.7)) parts.push(rng.pick(t.us.bye));
  } else {
    const first = sentence(rng, t.me, opts.form);
    parts.push(first);
    if (rng.chance(0.5)) {
      const second = sentence(rng, t.me, opts.form);
      if (second !== first) parts.push(second);
    }
    if (hobbyList && rng.chance(0.8)) parts.push(rng.pick(t.hobbies).replace('{list}', hobbyList));
    parts.push(rng.pick(t.looking));
    if (rng.chance(0.7)) parts.push(rng.pick(t.bye));
  }
  return parts.join(' ').replaceAll('{city}', opts.city);
}

export const ABOUT_LOCALES = Object.keys(TEXTS) as Locale[];
