// An underscore stands for a space inside one name ("Van_Dijk").
const words = (text: string): string[] => [
  ...new Set(
    text
      .trim()
      .split(/\s+/)
      .map((w) => w.replace(/_/g, ' ')),
  ),
];

/** Given names from many cultures. */
export const givenNames = words(`
  James Mary John Patricia Robert Jennifer Michael Linda David Elizabeth William Susan Richard Jessica Joseph Sarah
  Thomas Karen Daniel Emily Matthew Nancy Anthony Lisa Mark Ashley Steven Laura Andrew Emma Joshua Olivia Kevin
  Sophie Brian Hannah Ryan Grace Eric Chloe Jacob Megan Nathan Rachel Aaron Rebecca Liam Charlotte Noah Amelia
  Oliver Isla Harry Freya Jack Ava Lucas Mia Ethan Zoe Mateo Sofia Diego Valentina Carlos Camila Javier Lucia
  Miguel Isabella Luis Gabriela Pedro Ana Rafael Mariana Arjun Priya Rohan Ananya Vikram Kavya Rahul Deepa Aditya
  Sneha Sanjay Neha Wei Mei Jun Xin Hao Lan Yuki Haruto Sakura Kenji Aiko Hiroshi Min-jun Ji-woo Seo-yeon Hyun-woo
  Ahmed Fatima Omar Layla Youssef Amira Hassan Noor Karim Leila Tunde Amara Chidi Ngozi Kwame Abena Thabo Zanele
  Lars Ingrid Sven Astrid Anders Freja Jonas Elin Mikkel Signe Lukas Lena Felix Marie Maximilian Klara Pierre Camille
  Antoine Manon Julien Elodie Marco Giulia Luca Chiara Piotr Zofia Tomasz Katarzyna Aleksander Olga Dmitri Irina
  Yosef Noa Avi Tamar Mateus Beatriz Tiago Leticia Aroha Nikau Siobhan Declan Niamh Cormac
`);

/** Family names from many cultures. Smith is first on purpose: the namesakes use it. */
export const familyNames = words(`
  Smith Johnson Williams Brown Jones Garcia Miller Davis Rodriguez Martinez Hernandez Lopez Gonzalez Wilson Anderson
  Thomas Taylor Moore Jackson Martin Lee Perez Thompson White Harris Sanchez Clark Ramirez Lewis Robinson Walker Young
  Allen King Wright Scott Torres Nguyen Hill Flores Green Adams Nelson Baker Hall Rivera Campbell Mitchell Carter
  Roberts Patel Shah Gupta Sharma Iyer Reddy Menon Kapoor Chen Wang Zhang Liu Huang Zhao Wu Zhou Tanaka Suzuki
  Takahashi Watanabe Yamamoto Kim Park Choi Jung Kang Okafor Adeyemi Mensah Owusu Nkosi Dlamini Mahlangu Haddad
  Khalil Mansour Farouk Nasser Hussein Cohen Levi Mizrahi Friedman Muller Schmidt Schneider Fischer Weber Wagner
  Becker Hoffmann Dubois Laurent Moreau Lefebvre Rousseau Rossi Russo Ferrari Bianchi Romano Kowalski Nowak Wisniewski
  Lewandowski Ivanov Petrov Volkov Andersson Johansson Karlsson Nilsson Hansen Jensen Nielsen Larsen Silva Santos
  Oliveira Souza Costa Pereira Murphy Kelly O'Brien Byrne Walsh Fitzgerald MacLeod Campbell-Reid Van_Dijk De_Vries
  Bakker Visser Jansen Novak Horvat Kaur Singh Ali Khan Rahman Tiwari Fernandes D'Souza Ngata Parata
`);

/** First words of company names. */
export const companyWords = words(`
  Northwind Bluefin Cobalt Silverline Granite Redwood Lumen Harbor Summit Vertex Keystone Meridian Aster Beacon
  Cedar Copper Crescent Ember Evergreen Falcon Fjord Foxglove Glacier Halcyon Helix Horizon Indigo Ironclad
  Juniper Kestrel Lantern Larkspur Maple Marble Mosaic Nimbus Oakridge Obsidian Onyx Orchid Paragon Pinnacle Quarry
  Quill Raven Ridgeline Saffron Sequoia Sparrow Starling Tamarack Tidewater Topaz Trillium Umber Vantage Verdant
  Willow Zephyr Acorn Alder Amber Arbor Aurora Basalt Birch Brightwater Canopy Clearwater Corvid Driftwood Elmstead
  Fairhaven Goldcrest Greyhawk Hawthorn Ivory Jasper Kingfisher Lakeshore Moonstone Northstar Oakmont Pebble Prairie
  Quartz Riverbend Sablewood Stonebridge Thornbury Upland Westbrook Windmere Yarrow Alpine Bramble Cascade Driftline
  Everly Fernhill Gilded Harrow Inlet Kiln Lodestar Marlin Nettle Orbital Pelican Quarterline Rook Solstice Thistle
  Vireo Wren Azure Bellwether Cinder Dune Estuary Flint Garnet Heron Isle Jetty Knoll Lyric Mistral Nautilus Opal
  Pioneer Ripple Sierra Tundra Vale Wharf Zenith Anchor Bluebell Caldera Dovetail Ember Fathom Grove Hollow
`);

/** Letters-only slug of a name part ("O'Brien" -> "obrien", "Min-jun" -> "minjun"). */
export const slugPart = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');
