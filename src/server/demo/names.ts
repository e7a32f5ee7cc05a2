import type { Locale } from '../../shared/i18n/locales.ts';
import type { DemoCountry } from './cities.ts';

export interface NamePool {
  female: readonly string[];
  male: readonly string[];
  /** Names worn by any gender, for nonbinary members. */
  neutral: readonly string[];
}

const words = (text: string) => text.trim().split(/\s+/);

/** Common first names by country (and language, where a country has several), from the 1950s to now. */
const POOLS = {
  NL: {
    female:
      words(`Anouk Sanne Lotte Femke Lisa Eva Iris Sophie Julia Emma Fleur Maud Lieke Marloes Esther Ingrid
      Monique Petra Wendy Marieke Annemarie Saskia Linda Yvonne Nicole Chantal Mirjam Noor Roos Tessa Daphne Ilse`),
    male: words(`Daan Sem Bram Lars Thijs Jeroen Bas Niels Ruben Tim Joost Maarten Stefan Martijn Erik Sander Wouter
      Pieter Jan Kees Hans Rob Mark Dennis Rick Jesse Luuk Koen Gijs Sjoerd Marco Arjen Frank`),
    neutral: words('Robin Sam Kim Charlie Noa Alex Jip Sasha'),
  },
  'BE-nl': {
    female:
      words(`Lien Elke Hanne Sofie Griet Katrien An Els Leen Marijke Nele Ine Lore Fien Jana Kaat Lotte Saar
      Hilde Veerle Ilse Evi Tine Ellen Charlotte Emma Nathalie Inge`),
    male: words(`Pieter Jens Wout Tom Bart Koen Stijn Joris Dries Thomas Lennert Arne Sven Jonas Wim Dirk Luc Geert
      Kris Filip Jef Bert Robbe Seppe Matthias Tim Niels Ward`),
    neutral: words('Robin Sam Jo Noa Alex Charlie'),
  },
  DE: {
    female:
      words(`Anna Lena Laura Julia Sarah Lisa Katharina Sabine Petra Andrea Claudia Nicole Stefanie Melanie
      Kathrin Susanne Birgit Monika Jana Miriam Franziska Johanna Leonie Sophie Hannah Carina Nadine Tanja Sandra
      Heike Anja Vanessa`),
    male: words(`Lukas Jonas Felix Maximilian Tobias Florian Sebastian Daniel Michael Thomas Andreas Stefan Markus
      Christian Jan Tim Philipp Matthias Alexander Jens Sven Dirk Uwe Frank Ralf Jürgen Kai Niklas Moritz Benjamin
      Dominik Marco`),
    neutral: words('Kim Alex Chris Luca Robin Sascha Toni Mika'),
  },
  AT: {
    female: words(`Anna Katharina Lena Sophie Magdalena Theresa Johanna Julia Lisa Elisabeth Barbara Verena
      Christina Sabine Andrea Karin Monika Martina Birgit Manuela Eva Marlene Valentina Viktoria Carina Bettina`),
    male: words(`Lukas Florian Maximilian David Tobias Simon Stefan Andreas Thomas Christoph Martin Markus Michael
      Manuel Daniel Bernhard Wolfgang Gerhard Franz Josef Georg Matthias Dominik Paul Jakob Fabian`),
    neutral: words('Alex Kim Chris Toni Sascha Robin'),
  },
  'CH-de': {
    female:
      words(`Anna Laura Sara Lea Nina Jana Céline Sandra Nicole Manuela Barbara Corinne Daniela Ursula Regula
      Brigitte Franziska Andrea Seraina Flurina Mirjam Selina Alina Michelle Vanessa Ramona`),
    male: words(`Luca Noah Jonas Reto Urs Beat Thomas Daniel Marco Stefan Adrian Patrick Lukas Simon Fabian Matthias
      Andreas Christian Martin Peter Hansruedi Dominik Pascal Roger Cédric Silvan Jan Nico`),
    neutral: words('Alex Kim Robin Sascha Chris Toni'),
  },
  DK: {
    female:
      words(`Sofie Emma Ida Freja Anna Laura Mette Camilla Louise Maria Julie Line Maja Katrine Sanne Pernille
      Helle Hanne Susanne Lone Tina Trine Rikke Signe Cecilie Nanna Marianne Birgitte`),
    male: words(`Mads Rasmus Frederik Mikkel Christian Jonas Lars Søren Anders Jens Niels Henrik Morten Thomas Martin
      Peter Kasper Jesper Emil Magnus Oliver Mathias Kristian Ole Bo Poul Jakob`),
    neutral: words('Kim Alex Robin Sasha Noa'),
  },
  NO: {
    female:
      words(`Ingrid Nora Emma Sara Thea Ida Maja Hanne Kari Anne Marit Silje Kristin Ingunn Solveig Tone Hilde
      Camilla Marte Ane Sigrid Tuva Live Mari Eli Randi Guro Astrid`),
    male: words(`Ole Lars Jonas Magnus Henrik Erik Kristian Anders Håkon Sindre Espen Øyvind Trond Geir Bjørn Rune
      Morten Knut Per Jørgen Sverre Eirik Aksel Even Vegard Stian Thomas Martin`),
    neutral: words('Kim Alex Robin Sasha'),
  },
  SE: {
    female:
      words(`Anna Emma Maja Elsa Ebba Saga Alice Wilma Linnea Klara Ida Johanna Karin Sara Malin Frida Elin
      Lina Sofia Maria Eva Lena Annika Helena Ulrika Camilla Jenny Therese Moa`),
    male: words(`Erik Lars Karl Johan Anders Per Nils Oskar Axel Gustav Lucas Hugo Filip Emil Viktor Anton Jonas
      Fredrik Mattias Daniel Henrik Magnus Mikael Stefan Björn Sven Olle Linus Jesper`),
    neutral: words('Kim Alex Robin Love Charlie Sam'),
  },
  FI: {
    female:
      words(`Aino Emma Helmi Sofia Venla Aada Ella Iida Laura Sanna Johanna Anna Maria Kaisa Tiina Satu Minna
      Päivi Riikka Heidi Katja Hanna Noora Essi Elina Jenni Marjo Outi Pirjo`),
    male: words(`Juha Mikko Timo Jukka Antti Matti Pekka Janne Jari Ville Tuomas Lauri Eetu Aleksi Joonas Onni Eino
      Väinö Olli Sami Teemu Markus Petri Kari Heikki Risto Arttu Niko Juho`),
    neutral: words('Alex Kim Sasha Robin'),
  },
  FR: {
    female:
      words(`Camille Léa Manon Chloé Emma Inès Jade Louise Sarah Juliette Clara Julie Marie Sophie Nathalie
      Isabelle Sandrine Céline Aurélie Émilie Caroline Stéphanie Valérie Virginie Élodie Pauline Margaux Anaïs
      Charlotte Mélanie`),
    male: words(`Lucas Hugo Louis Nathan Thomas Nicolas Julien Antoine Maxime Alexandre Pierre Romain Guillaume
      Sébastien Olivier Laurent Philippe Christophe Stéphane Frédéric Vincent Mathieu Benoît Jérôme Arnaud Théo
      Quentin Clément François Yannick`),
    neutral: words('Camille Dominique Alex Charlie Sacha Claude'),
  },
  IT: {
    female:
      words(`Giulia Sofia Aurora Alice Chiara Francesca Sara Martina Elena Valentina Federica Alessandra Silvia
      Laura Paola Roberta Monica Barbara Cristina Simona Elisa Giorgia Beatrice Noemi Ilaria Serena Veronica Anna
      Marta`),
    male: words(`Leonardo Francesco Alessandro Lorenzo Matteo Andrea Marco Luca Giuseppe Giovanni Antonio Roberto
      Stefano Paolo Davide Simone Federico Riccardo Fabio Massimo Daniele Gabriele Emanuele Tommaso Nicola Michele
      Claudio Vincenzo Pietro`),
    neutral: words('Alex Sasha Celeste Noa'),
  },
  ES: {
    female:
      words(`Lucía Sofía María Martina Paula Julia Daniela Valeria Alba Carmen Laura Marta Ana Cristina Elena
      Raquel Beatriz Rocío Pilar Isabel Nuria Silvia Patricia Irene Sara Noelia Lorena Inés Clara`),
    male: words(`Hugo Mateo Martín Lucas Daniel Pablo Alejandro Javier David Sergio Carlos Jorge Miguel Antonio José
      Manuel Francisco Juan Raúl Adrián Álvaro Diego Iván Rubén Óscar Fernando Luis Marcos Iker`),
    neutral: words('Alex Sasha Cruz Ariel'),
  },
  PL: {
    female:
      words(`Zuzanna Julia Maja Zofia Hanna Lena Alicja Maria Amelia Oliwia Anna Katarzyna Agnieszka Magdalena
      Joanna Monika Ewa Małgorzata Aleksandra Natalia Karolina Marta Dorota Barbara Beata Iwona Justyna Paulina
      Weronika`),
    male: words(`Antoni Jan Jakub Aleksander Franciszek Szymon Filip Mikołaj Wojciech Kacper Piotr Krzysztof Tomasz
      Paweł Michał Marcin Łukasz Grzegorz Adam Marek Andrzej Rafał Dariusz Mateusz Bartosz Damian Kamil Robert
      Sebastian`),
    neutral: words('Alex Sasha Kim'),
  },
  GB: {
    female:
      words(`Olivia Amelia Isla Ava Emily Sophie Grace Charlotte Lucy Hannah Chloe Rebecca Laura Sarah Emma
      Rachel Jessica Gemma Kirsty Claire Nicola Joanne Helen Karen Louise Zoe Holly Megan Ellie Rhiannon Eilidh`),
    male: words(`Oliver George Harry Jack Charlie Thomas James William Daniel Matthew Ben Sam Joe Luke Adam Ryan Tom
      Chris Mark Paul Steve David Andrew Richard Gareth Callum Jamie Liam Rhys Craig Ewan`),
    neutral: words('Alex Sam Charlie Jordan Jamie Robin Morgan Riley'),
  },
  IE: {
    female:
      words(`Aoife Siobhán Niamh Ciara Saoirse Róisín Sinéad Orla Gráinne Emer Clodagh Caoimhe Eimear Sorcha
      Aisling Mary Sarah Emma Katie Laura Fiona Deirdre Maeve Orlaith Ailbhe`),
    male: words(`Seán Conor Cian Oisín Darragh Eoin Ciarán Liam Jack Patrick Niall Shane Declan Brendan Colm Cathal
      Donal Fionn Tadhg Ronan Kevin Michael John Paddy Diarmuid`),
    neutral: words('Alex Sam Jamie Ash Robin'),
  },
} satisfies Record<string, NamePool>;

/** The names of a country's members; in Belgium and Switzerland by the language of their city. */
export function namePool(country: DemoCountry, locale: Locale): NamePool {
  if (country === 'BE') return locale === 'fr' ? POOLS.FR : POOLS['BE-nl'];
  if (country === 'CH') return locale === 'fr' ? POOLS.FR : locale === 'it' ? POOLS.IT : POOLS['CH-de'];
  return POOLS[country];
}
