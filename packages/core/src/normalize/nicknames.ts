// Common English given names and their nicknames / short forms. One group per line: the formal name
// first. A short form may belong to several groups (al: albert, alan, alexander, alfred).
const TABLE = `
aaron ron ronnie
abigail abby abbie gail
abraham abe bram
adam ade
adrian ade
albert al bert bertie
alan al
alexander alex al xander sandy lex alec
alexandra alex lexi sandra sandy alexa
alfred al alf alfie fred freddie
alice ally allie
allison ally allie ali
amanda mandy manda
andrew andy drew
angela angie
anthony tony ant
antonio tony toni
arnold arnie
arthur art artie
barbara barb barbie babs
benjamin ben benny benji
bernard bernie barney
beverly bev
bradley brad
brian bri
calvin cal
cameron cam
caroline carol carrie caro
catherine cathy cat kate katie kathy cate
charles charlie chuck chas chaz
charlotte charlie lottie lotte
christian chris christy
christina chris tina chrissy christy
christine chris tina chrissy
christopher chris kit topher
clifford cliff
cynthia cindy
daniel dan danny
danielle dani
david dave davey davy
deborah debbie deb debby
dennis denny
dominic dom nic
donald don donnie
dorothy dot dottie
douglas doug
edward ed eddie ted teddy ned
edwin ed eddie
elizabeth liz beth betty lizzie eliza betsy libby lisa liza elisa bess
eleanor ellie nora elle
emily em emmy millie
emma em emmy
eric rick
ernest ernie
eugene gene
frances fran frankie
francis frank fran frankie
frank frankie
franklin frank
frederick fred freddie freddy rick
gabriel gabe
gabrielle gabby gabi
gerald gerry jerry
geoffrey geoff jeff
gilbert gil bert
gregory greg
harold harry hal
harrison harry
henry hank harry hal
herbert herb bert
howard howie
isaac ike
isabella bella izzy isa
isabel bella izzy isa
jacob jake
jacqueline jackie jacqui
james jim jimmy jamie jem
janet jan
jeffrey jeff
jennifer jen jenny jenn
jessica jess jessie
joanna jo jojo
johanna jo hanna
john jack johnny jon
jonathan jon jonny nathan
joseph joe joey jo
josephine jo josie
joshua josh
judith judy jude
julia jules julie
julian jules
katherine kate katie kathy kat kit
kathleen kathy kate katie
kenneth ken kenny
kimberly kim kimmy
lawrence larry laurie
laurence larry laurie
leonard leo len lenny
leslie les
louis lou louie
louise lou lulu
lucas luke
luke luc
madeline maddie maddy
margaret maggie meg peggy marge margie greta
martin marty
matthew matt matty
maximilian max
maxwell max
melissa mel missy
michael mike mikey mick mickey
michelle shelly michi
mitchell mitch
natalie nat tally
nathaniel nate nat nathan
nicholas nick nicky nico
nicole nikki nicky
norman norm
oliver ollie
olivia liv livvy ollie
pamela pam
patricia pat patty trish tricia
patrick pat paddy rick
peter pete
philip phil pip
phillip phil
rachel rach
raymond ray
rebecca becky becca
richard rick ricky dick rich richie
robert bob rob bobby robbie bert
roberta bobbie robbie
rodney rod
ronald ron ronnie
rosemary rose rosie
russell russ
samantha sam sammy
samuel sam sammy
sandra sandy
sarah sara sally sadie
stephanie steph stephie
stephen steve stevie
steven steve stevie
stuart stu
susan sue susie suzy
suzanne sue susie suzy
terence terry
theodore ted teddy theo
thomas tom tommy
timothy tim timmy
tobias toby
valerie val
veronica ronnie vera
victor vic
victoria vicky tori vic
vincent vince vinnie
walter walt wally
william bill will billy willie liam
zachary zach zack
alfonso al
allen al
ambrose brose
andrea andi
anne annie nan nancy
ann annie
bartholomew bart
beatrice bea
bridget biddy bridgie
byron ron
cecilia cece cissy
clarence clare
conrad connie
constance connie
cornelius neil
cristina cris tina
curtis curt
dale
darlene darla
delores dee lola
diana di
edmund ed ned
eliza liza
elliot eli
ellen ellie nell
evelyn evie eve
ezekiel zeke
florence flo
gertrude gertie trudy
gordon gordy
harriet hattie
irene rene
jeremiah jerry
jeremy jerry
jerome jerry
jillian jill
jocelyn joss
kristen kris kristy
kristopher kris
lillian lily lil
lucinda lucy cindy
lucille lucy
mackenzie mack kenzie
marjorie margie marge
matilda tilly mattie
mortimer mort
nathan nate nat
nora norah
penelope penny
percival percy
prudence prue
randall randy
randolph randy
reginald reg reggie
rosalind roz
roxanne roxy
sebastian seb
sidney sid
solomon sol
sylvester sly
tabitha tabby
teresa terry tess tessa
theresa terry tess tessa
tyler ty
wilfred will fred
winifred winnie
`;

const groups: string[][] = TABLE.trim()
  .split('\n')
  .map((line) => line.trim().split(/\s+/))
  .filter((g) => g.length > 0);

// name -> indexes of the groups that contain it.
const index = new Map<string, number[]>();
groups.forEach((group, i) => {
  for (const name of group) {
    const list = index.get(name);
    if (list) list.push(i);
    else index.set(name, [i]);
  }
});

/** Formal given names known to the table (one per group). */
export const nicknameGroupCount = (): number => groups.length;

// name -> its formal names, computed once: resolution asks for them per record.
const formalIndex = new Map<string, readonly string[]>();
for (const [name, ids] of index) {
  const out = new Set<string>();
  for (const id of ids) {
    const formal = groups[id]?.[0];
    if (formal) out.add(formal);
  }
  formalIndex.set(name, Object.freeze([...out]));
}

/** The formal names a (lower-case, folded) given name can stand for, itself included. */
export const formalNames = (given: string): readonly string[] => formalIndex.get(given) ?? [given];

/** True when two (lower-case, folded) given names are the same or nickname variants of each other. */
export const isNicknameOf = (a: string, b: string): boolean => {
  if (a === b) return true;
  const ga = index.get(a);
  const gb = index.get(b);
  if (!ga || !gb) return false;
  for (const x of ga) if (gb.includes(x)) return true;
  return false;
};

/** True when the (lower-case, folded) name is in the table, as a formal name or a nickname. */
export const isKnownGivenName = (name: string): boolean => index.has(name);
