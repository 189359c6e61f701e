import type { Weighted } from './random.js';

/*
 * Lists of names and places used by the seed: Angolan cities and neighbourhoods, Angolan first names and
 * family names (mixed with the French and Portuguese ones that faker provides), e-mail domains.
 */

export const CITIES: Weighted<string> = [
  ['Luanda', 40],
  ['Huambo', 7],
  ['Benguela', 7],
  ['Lobito', 6],
  ['Lubango', 7],
  ['Cabinda', 5],
  ['Malanje', 4],
  ['Namibe', 3],
  ['Soyo', 3],
  ['Uíge', 3],
  ['Saurimo', 3],
  ['Kuito', 3],
  ['Sumbe', 2],
  ['Caxito', 2],
  ['Ondjiva', 2],
  ['Menongue', 1],
  ['Dundo', 1],
  ['Luena', 1],
  ["N'dalatando", 1],
  ['Mbanza Kongo', 1],
];

export const LUANDA_NEIGHBOURHOODS = [
  'Maianga',
  'Ingombota',
  'Talatona',
  'Kilamba',
  'Viana',
  'Cazenga',
  'Rangel',
  'Maculusso',
  'Alvalade',
  'Miramar',
  'Benfica',
  'Camama',
  'Cacuaco',
  'Sambizanga',
  'Samba',
  'Morro Bento',
  'Nova Vida',
  'Zango',
  'Prenda',
  'Patriota',
] as const;

export const OTHER_NEIGHBOURHOODS = [
  'Bairro Central',
  'Bairro Popular',
  'Bairro da Cidade Alta',
  'Bairro Comercial',
  'Bairro Académico',
  'Bairro do Aeroporto',
  'Zona Industrial',
  'Bairro 11 de Novembro',
  'Bairro da Liberdade',
  'Bairro São João',
] as const;

export const STREET_TYPES: Weighted<string> = [
  ['Rua', 6],
  ['Avenida', 3],
  ['Travessa', 1],
  ['Largo', 1],
];

export const STREET_NAMES = [
  'Rainha Ginga',
  'Amílcar Cabral',
  'Comandante Valódia',
  'Deolinda Rodrigues',
  'Major Kanhangulo',
  'Kwame Nkrumah',
  '21 de Janeiro',
  '4 de Fevereiro',
  'Hoji-ya-Henda',
  'Comandante Gika',
  'Ho Chi Minh',
  'Revolução de Outubro',
  'Lueji A’Nkonde',
  'Marechal Brós Tito',
  'Cónego Manuel das Neves',
  'Senado da Câmara',
  'Frederico Engels',
  'Massangano',
  'Eduardo Mondlane',
  'Samuel Bernardo',
] as const;

export const ANGOLAN_FEMALE_FIRST_NAMES = [
  'Nzinga',
  'Esperança',
  'Conceição',
  'Fátima',
  'Luzia',
  'Domingas',
  'Isabel',
  'Kiesse',
  'Ngueve',
  'Madalena',
  'Albertina',
  'Joana',
  'Teresa',
  'Celeste',
  'Rosária',
  'Vitória',
  'Graça',
  'Benvinda',
] as const;

export const ANGOLAN_MALE_FIRST_NAMES = [
  'Domingos',
  'Manuel',
  'Kiala',
  'Ndala',
  'Lukeny',
  'Adão',
  'Sebastião',
  'Agostinho',
  'Bento',
  'Cândido',
  'Zacarias',
  'Fernando',
  'Kanda',
  'Mateus',
  'Evaristo',
  'Paulino',
  'Nelson',
  'Januário',
] as const;

export const ANGOLAN_LAST_NAMES = [
  'dos Santos',
  'Kiala',
  'Neto',
  'Domingos',
  'Sebastião',
  'Manuel',
  'Bento',
  'Lopes',
  'Cassule',
  'Chipenda',
  'Tchiyaka',
  'Kalunga',
  'Muanza',
  'da Conceição',
  'Mendes',
  'Quintas',
  'Kaputo',
  'Lusamba',
  'Mbemba',
  'Capitão',
  'Van-Dúnem',
  'Chissola',
  'Tchissola',
  'Sapalo',
] as const;

/** People who must exist so that accent-insensitive search can be tried on the console. */
export const FEATURED_PEOPLE: readonly { firstName: string; lastName: string }[] = [
  { firstName: 'Élodie', lastName: 'Moreira' },
  { firstName: 'João', lastName: 'da Conceição' },
  { firstName: 'Conceição', lastName: 'Fernandes' },
  { firstName: 'Hélène', lastName: 'Gonçalves' },
  { firstName: 'Inês', lastName: 'Araújo' },
  { firstName: 'François', lastName: 'Simões' },
  { firstName: 'Jérôme', lastName: 'Lusamba' },
  { firstName: 'Adélia', lastName: 'Kiala' },
  { firstName: 'Sebastião', lastName: 'Lefèvre' },
  { firstName: 'Anaïs', lastName: 'Brandão' },
];

export const EMAIL_DOMAINS: Weighted<string> = [
  ['gmail.com', 35],
  ['hotmail.com', 12],
  ['outlook.com', 10],
  ['yahoo.com', 8],
  ['yahoo.fr', 5],
  ['sapo.ao', 6],
  ['live.com', 4],
  ['icloud.com', 4],
  ['netcabo.co.ao', 2],
];

/** Second digit of Angolan mobile numbers (Unitel 92x/93x/94x, Africell 95x, Movicel 91x/99x). */
export const MOBILE_PREFIXES = ['1', '2', '3', '4', '5', '9'] as const;

export const COMPANY_SUFFIXES = [
  'Lda',
  'Comercial, Lda',
  'Serviços',
  'SA',
  '& Filhos, Lda',
  'Prestações de Serviços',
];
