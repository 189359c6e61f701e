/*
 * The marketplace catalogue of the demo data: categories with their subcategories, the skills of each
 * trade, and the projects clients typically post there.
 */

export interface CatalogSubcategory {
  name: string;
  description: string;
  icon: string;
}

export interface CatalogCategory {
  name: string;
  slug: string;
  icon: string;
  description: string;
  subcategories: readonly CatalogSubcategory[];
  skills: readonly string[];
  projectTitles: readonly string[];
  /** Sentences that describe the need in more detail. */
  projectDetails: readonly string[];
}

export const CATALOG: readonly CatalogCategory[] = [
  {
    name: 'Plomberie',
    slug: 'plomberie',
    icon: 'plumbing',
    description: 'Installation, réparation et entretien de la plomberie et des sanitaires.',
    subcategories: [
      {
        name: 'Réparation de fuites',
        description: 'Recherche et réparation de fuites d’eau.',
        icon: 'water_drop',
      },
      {
        name: 'Installation sanitaire',
        description: 'Pose de lavabos, douches, toilettes et robinetterie pour salles de bain et cuisines.',
        icon: 'bathtub',
      },
      {
        name: 'Chauffe-eau',
        description: 'Installation et entretien de chauffe-eau électriques et solaires.',
        icon: 'hot_tub',
      },
      { name: 'Réservoirs et pompes', description: 'Tanques, pompes à eau et surpresseurs.', icon: 'water' },
    ],
    skills: ['Plomberie', 'Soudure PVC', 'Sanitaire', 'Chauffe-eau', 'Pompes à eau', 'Détection de fuites'],
    projectTitles: [
      "Réparation d'une fuite sous l'évier",
      "Installation d'un chauffe-eau électrique",
      'Remplacement des robinets de la salle de bain',
      'Débouchage des canalisations de la cuisine',
      "Installation d'un réservoir d'eau de 1 000 litres",
      "Raccordement d'une pompe à eau",
    ],
    projectDetails: [
      "L'eau coule en permanence depuis une semaine et les factures augmentent.",
      'La maison est un T3 au rez-de-chaussée, accès facile pour le matériel.',
      'Je souhaite un travail propre avec des pièces de bonne qualité.',
      'Il faudra aussi vérifier la pression de l’eau dans toute la maison.',
    ],
  },
  {
    name: 'Électricité',
    slug: 'electricite',
    icon: 'electrical_services',
    description: 'Installations électriques, dépannages, groupes électrogènes et éclairage.',
    subcategories: [
      {
        name: 'Installation électrique',
        description: 'Câblage complet, prises et tableaux électriques.',
        icon: 'power',
      },
      {
        name: 'Dépannage',
        description: 'Pannes, courts-circuits et disjoncteurs qui sautent.',
        icon: 'bolt',
      },
      {
        name: 'Groupes électrogènes',
        description:
          'Installation, inverseurs de source et entretien de groupes électrogènes pour maisons et commerces, avec contrat de maintenance possible.',
        icon: 'settings_input_component',
      },
      {
        name: 'Éclairage',
        description: 'Éclairage intérieur et extérieur, LED et projecteurs.',
        icon: 'lightbulb',
      },
      {
        name: 'Énergie solaire',
        description: 'Panneaux solaires, batteries et onduleurs.',
        icon: 'solar_power',
      },
    ],
    skills: [
      'Électricité',
      'Câblage',
      'Tableau électrique',
      'Groupe électrogène',
      'Éclairage LED',
      'Panneaux solaires',
    ],
    projectTitles: [
      "Mise aux normes de l'installation électrique d'un appartement",
      "Installation d'un inverseur pour groupe électrogène",
      'Pose de 12 spots LED dans le salon',
      'Recherche de panne : le disjoncteur saute sans arrêt',
      "Installation d'un kit solaire de 3 kW",
      'Câblage électrique d’un petit commerce',
    ],
    projectDetails: [
      'Les coupures de courant sont fréquentes dans le quartier, il faut une solution fiable.',
      'Le tableau électrique date de plus de vingt ans.',
      "Merci de préciser si le matériel est inclus dans l'offre.",
      'Le travail doit être fait un samedi pour ne pas gêner l’activité.',
    ],
  },
  {
    name: 'Ménage',
    slug: 'menage',
    icon: 'home',
    description: 'Nettoyage de maisons, de bureaux et services de repassage.',
    subcategories: [
      {
        name: 'Ménage régulier',
        description: 'Entretien hebdomadaire ou quotidien du domicile.',
        icon: 'cleaning_services',
      },
      {
        name: 'Grand nettoyage',
        description: 'Nettoyage complet après travaux ou déménagement.',
        icon: 'mop',
      },
      { name: 'Nettoyage de bureaux', description: 'Entretien des locaux professionnels.', icon: 'business' },
      { name: 'Repassage', description: 'Lavage et repassage du linge à domicile.', icon: 'iron' },
    ],
    skills: ['Ménage', 'Repassage', 'Nettoyage après travaux', 'Vitres', 'Nettoyage de bureaux'],
    projectTitles: [
      'Femme de ménage 3 fois par semaine',
      'Grand nettoyage après travaux de peinture',
      'Nettoyage de bureaux de 200 m²',
      'Repassage hebdomadaire pour une famille de cinq',
      "Nettoyage complet d'une villa avant emménagement",
    ],
    projectDetails: [
      'Produits de nettoyage fournis.',
      'Une personne de confiance avec des références est indispensable.',
      'Les horaires sont flexibles, plutôt le matin.',
      'La maison comporte quatre chambres et deux salles de bain.',
    ],
  },
  {
    name: 'Informatique',
    slug: 'informatique',
    icon: 'computer',
    description: 'Développement, réparation de matériel, réseaux et assistance informatique.',
    subcategories: [
      {
        name: 'Développement web',
        description: 'Sites vitrines, boutiques en ligne et applications web.',
        icon: 'code',
      },
      { name: 'Applications mobiles', description: 'Applications Android et iOS.', icon: 'smartphone' },
      {
        name: 'Réparation d’ordinateurs',
        description: 'Diagnostic, réparation et mise à niveau.',
        icon: 'build',
      },
      { name: 'Réseaux et Wi-Fi', description: 'Installation de réseaux, Wi-Fi et caméras.', icon: 'wifi' },
      {
        name: 'Support informatique',
        description: 'Assistance aux particuliers et aux PME.',
        icon: 'support_agent',
      },
    ],
    skills: ['React', 'Node.js', 'WordPress', 'Android', 'Réseaux', 'Maintenance PC', 'SQL', 'Flutter'],
    projectTitles: [
      'Création du site vitrine d’un restaurant',
      'Application mobile de livraison pour une boutique',
      'Réparation d’un ordinateur portable qui ne démarre plus',
      'Installation du Wi-Fi dans un bureau de 15 postes',
      'Boutique en ligne avec paiement Multicaixa Express',
      'Maintenance informatique mensuelle pour une PME',
    ],
    projectDetails: [
      'Le site doit être disponible en portugais et en français.',
      'Nous avons déjà le nom de domaine et l’hébergement.',
      'Merci de joindre des exemples de réalisations similaires.',
      'Une formation de l’équipe est souhaitée à la fin du projet.',
    ],
  },
  {
    name: 'Design graphique',
    slug: 'design-graphique',
    icon: 'palette',
    description: 'Identité visuelle, supports imprimés et contenus pour les réseaux sociaux.',
    subcategories: [
      {
        name: 'Logo et identité visuelle',
        description: 'Création de logos et de chartes graphiques.',
        icon: 'brush',
      },
      {
        name: 'Supports imprimés',
        description: 'Flyers, cartes de visite, affiches et banderoles.',
        icon: 'print',
      },
      {
        name: 'Réseaux sociaux',
        description: 'Visuels et modèles pour Instagram et Facebook.',
        icon: 'share',
      },
    ],
    skills: ['Illustrator', 'Photoshop', 'Figma', 'Identité visuelle', 'Mise en page', 'Canva'],
    projectTitles: [
      "Création d'un logo pour une pastelaria",
      'Cartes de visite et flyers pour un salon de beauté',
      'Charte graphique complète pour une start-up',
      'Visuels Instagram pour un mois de publications',
      'Affiche pour un concert de semba',
    ],
    projectDetails: [
      'Les couleurs doivent rappeler le drapeau et la culture angolaise.',
      'Trois propositions sont attendues avant le choix final.',
      'Les fichiers sources doivent être livrés.',
      'Le délai est court, l’événement a lieu dans trois semaines.',
    ],
  },
  {
    name: 'Traduction',
    slug: 'traduction',
    icon: 'translate',
    description: 'Traduction de documents et interprétariat entre le portugais, le français et l’anglais.',
    subcategories: [
      {
        name: 'Français – portugais',
        description: 'Traductions entre le français et le portugais.',
        icon: 'translate',
      },
      {
        name: 'Anglais – portugais',
        description: 'Traductions entre l’anglais et le portugais.',
        icon: 'language',
      },
      { name: 'Traduction certifiée', description: 'Documents officiels certifiés.', icon: 'verified' },
      {
        name: 'Interprétariat',
        description: 'Interprètes pour réunions et événements.',
        icon: 'record_voice_over',
      },
    ],
    skills: ['Français', 'Portugais', 'Anglais', 'Traduction juridique', 'Interprétariat', 'Relecture'],
    projectTitles: [
      "Traduction d'un contrat commercial du français vers le portugais",
      'Traduction certifiée de diplômes',
      'Interprète pour une réunion avec des partenaires français',
      "Traduction du site web d'un hôtel",
      'Relecture d’un mémoire en portugais',
    ],
    projectDetails: [
      'Le document fait environ 25 pages.',
      'Une bonne maîtrise du vocabulaire juridique est nécessaire.',
      'La confidentialité est importante.',
      'Merci d’indiquer votre tarif par page.',
    ],
  },
  {
    name: 'Jardinage',
    slug: 'jardinage',
    icon: 'yard',
    description: 'Entretien des jardins, élagage et aménagement paysager.',
    subcategories: [
      { name: 'Entretien de jardin', description: 'Tonte, désherbage et arrosage.', icon: 'grass' },
      { name: 'Élagage', description: 'Taille et abattage d’arbres.', icon: 'park' },
      {
        name: 'Aménagement paysager',
        description: 'Conception et création de jardins.',
        icon: 'local_florist',
      },
    ],
    skills: ['Jardinage', 'Élagage', 'Arrosage automatique', 'Aménagement paysager', 'Entretien de pelouse'],
    projectTitles: [
      "Entretien mensuel d'un jardin de 300 m²",
      "Élagage d'un manguier près de la maison",
      "Installation d'un système d'arrosage automatique",
      "Aménagement d'un jardin tropical",
    ],
    projectDetails: [
      'Il y a aussi quelques palmiers à tailler.',
      'Les déchets verts doivent être évacués.',
      'Le jardin est à l’abandon depuis la saison des pluies.',
    ],
  },
  {
    name: 'Déménagement',
    slug: 'demenagement',
    icon: 'local_shipping',
    description: 'Déménagements, transport de meubles et garde-meubles.',
    subcategories: [
      {
        name: 'Déménagement local',
        description: 'Déménagements dans la même ville.',
        icon: 'local_shipping',
      },
      { name: 'Déménagement interprovincial', description: 'Déménagements entre provinces.', icon: 'route' },
      {
        name: 'Transport de meubles',
        description: 'Livraison de meubles et d’électroménager.',
        icon: 'chair',
      },
    ],
    skills: ['Déménagement', 'Emballage', 'Montage de meubles', 'Transport', 'Manutention'],
    projectTitles: [
      'Déménagement d’un T4 de Talatona vers Kilamba',
      'Déménagement de Luanda vers Benguela',
      'Transport d’un réfrigérateur et d’une machine à laver',
      'Démontage et remontage de meubles de bureau',
    ],
    projectDetails: [
      "L'immeuble n'a pas d'ascenseur, troisième étage.",
      'Il faut prévoir les cartons et le papier bulle.',
      'Le déménagement doit se faire en une seule journée.',
    ],
  },
  {
    name: 'Cours particuliers',
    slug: 'cours-particuliers',
    icon: 'school',
    description: 'Soutien scolaire, langues, musique et préparation aux examens.',
    subcategories: [
      {
        name: 'Mathématiques',
        description: 'Soutien en mathématiques du primaire au lycée.',
        icon: 'calculate',
      },
      { name: 'Langues', description: 'Cours de français, d’anglais et de portugais.', icon: 'translate' },
      { name: 'Musique', description: 'Guitare, piano et chant.', icon: 'music_note' },
      {
        name: 'Préparation aux examens',
        description: 'Préparation aux examens d’entrée à l’université.',
        icon: 'menu_book',
      },
    ],
    skills: ['Mathématiques', 'Physique', 'Français langue étrangère', 'Anglais', 'Guitare', 'Pédagogie'],
    projectTitles: [
      'Cours de mathématiques pour un élève de 10e classe',
      'Cours de français pour adultes débutants',
      'Préparation à l’examen d’entrée à l’université Agostinho Neto',
      'Cours de guitare pour deux enfants',
      'Cours d’anglais professionnel en entreprise',
    ],
    projectDetails: [
      'Deux séances par semaine, de préférence en fin de journée.',
      'Les cours peuvent avoir lieu à domicile ou en ligne.',
      'L’élève a des difficultés en algèbre.',
    ],
  },
  {
    name: 'Réparation automobile',
    slug: 'reparation-automobile',
    icon: 'build',
    description: 'Mécanique, carrosserie, climatisation et diagnostic des véhicules.',
    subcategories: [
      {
        name: 'Mécanique générale',
        description: 'Vidange, freins, embrayage et entretien.',
        icon: 'car_repair',
      },
      { name: 'Carrosserie', description: 'Débosselage et peinture.', icon: 'format_paint' },
      {
        name: 'Climatisation auto',
        description: 'Recharge et réparation de climatisation.',
        icon: 'ac_unit',
      },
      {
        name: 'Diagnostic électronique',
        description: 'Lecture des codes défaut et réparations électroniques.',
        icon: 'memory',
      },
    ],
    skills: ['Mécanique', 'Carrosserie', 'Climatisation', 'Diagnostic', 'Toyota', 'Hyundai'],
    projectTitles: [
      'Révision complète d’un Toyota Hilux',
      'Réparation de la climatisation d’une Hyundai i10',
      'Peinture du pare-chocs après un accrochage',
      'Diagnostic d’un voyant moteur allumé',
      'Changement des plaquettes et disques de frein',
    ],
    projectDetails: [
      'Le véhicule peut être déposé au garage en semaine.',
      'Merci de préciser le prix des pièces séparément.',
      'Le véhicule a 180 000 km.',
    ],
  },
  {
    name: 'Événementiel',
    slug: 'evenementiel',
    icon: 'celebration',
    description: 'Traiteurs, décoration, photographie et sonorisation pour vos événements.',
    subcategories: [
      {
        name: 'Traiteur',
        description: 'Buffets et repas pour mariages, anniversaires et entreprises.',
        icon: 'restaurant',
      },
      { name: 'Décoration', description: 'Décoration de salles et de tables.', icon: 'celebration' },
      {
        name: 'Photographie',
        description: 'Photographes et vidéastes pour vos événements.',
        icon: 'photo_camera',
      },
      { name: 'Sonorisation', description: 'DJ, sonorisation et éclairage de scène.', icon: 'speaker' },
    ],
    skills: ['Traiteur', 'Décoration', 'Photographie', 'Vidéo', 'DJ', 'Organisation d’événements'],
    projectTitles: [
      'Traiteur pour un mariage de 150 invités',
      'Photographe pour un baptême',
      'Décoration d’une salle pour un anniversaire',
      'DJ et sonorisation pour une fête d’entreprise',
      'Buffet pour un séminaire de deux jours',
    ],
    projectDetails: [
      'Le menu doit inclure des plats angolais comme la muamba de galinha.',
      'La salle se trouve à côté de la Marginal.',
      'Nous attendons des propositions avec photos de réalisations.',
    ],
  },
];

/** Every skill of the catalogue, for provider profiles. */
export const ALL_SKILLS: readonly string[] = [...new Set(CATALOG.flatMap((category) => category.skills))];
