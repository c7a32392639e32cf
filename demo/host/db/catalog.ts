/**
 * The fixed vocabulary of the seed: CSI MasterFormat cost codes (8 digits, shown 2-4-2), trades and
 * vendors, projects, owners and people. Data only.
 */

/** A cost code of the catalogue: the cost types it is budgeted under and its share of a budget. */
export interface CatalogCode {
  code: string;
  description: string;
  types: string;
  /** Relative weight of the line in a typical budget. */
  weight: number;
  /** Trade of the subcontractor or supplier who does the work. */
  trade: string;
  unitOfMeasure?: string;
}

export const COST_CODE_CATALOG: readonly CatalogCode[] = [
  { code: '01210000', description: 'Allowances', types: 'R', weight: 1.5, trade: 'general' },
  { code: '01310000', description: 'Project Management and Coordination', types: 'L', weight: 3.5, trade: 'general', unitOfMeasure: 'HR' },
  { code: '01320000', description: 'Construction Progress Documentation', types: 'L', weight: 0.4, trade: 'general', unitOfMeasure: 'HR' },
  { code: '01450000', description: 'Quality Control', types: 'S', weight: 0.5, trade: 'testing' },
  { code: '01500000', description: 'Temporary Facilities and Controls', types: 'LMWE', weight: 2.2, trade: 'supply', unitOfMeasure: 'LS' },
  { code: '01540000', description: 'Construction Aids', types: 'E', weight: 1.2, trade: 'equipment', unitOfMeasure: 'MO' },
  { code: '01740000', description: 'Cleaning and Waste Management', types: 'LS', weight: 0.8, trade: 'cleaning', unitOfMeasure: 'HR' },
  { code: '02410000', description: 'Demolition', types: 'S', weight: 1.1, trade: 'demolition' },
  { code: '03100000', description: 'Concrete Forming and Accessories', types: 'LM', weight: 2.0, trade: 'concrete', unitOfMeasure: 'SF' },
  { code: '03200000', description: 'Concrete Reinforcing', types: 'MS', weight: 1.6, trade: 'rebar', unitOfMeasure: 'TON' },
  { code: '03300000', description: 'Cast-in-Place Concrete', types: 'LMS', weight: 5.5, trade: 'concrete', unitOfMeasure: 'CY' },
  { code: '03350000', description: 'Concrete Finishing', types: 'L', weight: 0.9, trade: 'concrete', unitOfMeasure: 'SF' },
  { code: '03400000', description: 'Precast Concrete', types: 'S', weight: 1.4, trade: 'precast' },
  { code: '04200000', description: 'Unit Masonry', types: 'S', weight: 2.6, trade: 'masonry' },
  { code: '05120000', description: 'Structural Steel Framing', types: 'S', weight: 6.0, trade: 'steel' },
  { code: '05310000', description: 'Steel Decking', types: 'S', weight: 1.2, trade: 'steel' },
  { code: '05500000', description: 'Metal Fabrications', types: 'MS', weight: 1.0, trade: 'misc-metals', unitOfMeasure: 'LB' },
  { code: '05520000', description: 'Metal Railings', types: 'S', weight: 0.6, trade: 'misc-metals' },
  { code: '06100000', description: 'Rough Carpentry', types: 'LM', weight: 1.3, trade: 'lumber', unitOfMeasure: 'MBF' },
  { code: '06200000', description: 'Finish Carpentry', types: 'LM', weight: 0.8, trade: 'millwork', unitOfMeasure: 'LF' },
  { code: '06410000', description: 'Architectural Wood Casework', types: 'S', weight: 1.5, trade: 'millwork' },
  { code: '07210000', description: 'Thermal Insulation', types: 'S', weight: 0.7, trade: 'insulation' },
  { code: '07270000', description: 'Air Barriers', types: 'S', weight: 0.5, trade: 'waterproofing' },
  { code: '07500000', description: 'Membrane Roofing', types: 'S', weight: 2.4, trade: 'roofing' },
  { code: '07620000', description: 'Sheet Metal Flashing and Trim', types: 'S', weight: 0.5, trade: 'roofing' },
  { code: '07840000', description: 'Firestopping', types: 'S', weight: 0.3, trade: 'insulation' },
  { code: '07920000', description: 'Joint Sealants', types: 'S', weight: 0.4, trade: 'waterproofing' },
  { code: '08110000', description: 'Hollow Metal Doors and Frames', types: 'LM', weight: 0.9, trade: 'doors', unitOfMeasure: 'EA' },
  { code: '08140000', description: 'Wood Doors', types: 'M', weight: 0.6, trade: 'doors', unitOfMeasure: 'EA' },
  { code: '08410000', description: 'Entrances and Storefronts', types: 'S', weight: 1.4, trade: 'glazing' },
  { code: '08440000', description: 'Curtain Wall and Glazed Assemblies', types: 'S', weight: 3.5, trade: 'glazing' },
  { code: '08710000', description: 'Door Hardware', types: 'MW', weight: 0.7, trade: 'doors', unitOfMeasure: 'EA' },
  { code: '09210000', description: 'Gypsum Board Assemblies', types: 'S', weight: 4.2, trade: 'drywall' },
  { code: '09300000', description: 'Tiling', types: 'S', weight: 1.1, trade: 'flooring' },
  { code: '09510000', description: 'Acoustical Ceilings', types: 'S', weight: 1.2, trade: 'drywall' },
  { code: '09650000', description: 'Resilient Flooring', types: 'S', weight: 1.0, trade: 'flooring' },
  { code: '09680000', description: 'Carpeting', types: 'S', weight: 0.8, trade: 'flooring' },
  { code: '09910000', description: 'Painting', types: 'S', weight: 1.3, trade: 'painting' },
  { code: '10140000', description: 'Signage', types: 'MS', weight: 0.3, trade: 'signage', unitOfMeasure: 'EA' },
  { code: '10210000', description: 'Toilet Compartments', types: 'LM', weight: 0.3, trade: 'specialties', unitOfMeasure: 'EA' },
  { code: '10280000', description: 'Toilet, Bath, and Laundry Accessories', types: 'LM', weight: 0.2, trade: 'specialties', unitOfMeasure: 'EA' },
  { code: '10440000', description: 'Fire Protection Specialties', types: 'MW', weight: 0.1, trade: 'specialties', unitOfMeasure: 'EA' },
  { code: '11400000', description: 'Foodservice Equipment', types: 'S', weight: 0.8, trade: 'equipment-install' },
  { code: '12240000', description: 'Window Shades', types: 'S', weight: 0.3, trade: 'specialties' },
  { code: '14210000', description: 'Electric Traction Elevators', types: 'S', weight: 2.2, trade: 'elevator' },
  { code: '21130000', description: 'Fire-Suppression Sprinkler Systems', types: 'S', weight: 2.0, trade: 'fire-protection' },
  { code: '22100000', description: 'Plumbing Piping', types: 'S', weight: 3.2, trade: 'plumbing' },
  { code: '22400000', description: 'Plumbing Fixtures', types: 'S', weight: 1.4, trade: 'plumbing' },
  { code: '23050000', description: 'Common Work Results for HVAC', types: 'S', weight: 1.0, trade: 'mechanical' },
  { code: '23300000', description: 'HVAC Air Distribution', types: 'S', weight: 4.0, trade: 'mechanical' },
  { code: '23700000', description: 'Central HVAC Equipment', types: 'S', weight: 3.8, trade: 'mechanical' },
  { code: '26050000', description: 'Common Work Results for Electrical', types: 'S', weight: 2.5, trade: 'electrical' },
  { code: '26240000', description: 'Switchboards and Panelboards', types: 'S', weight: 1.8, trade: 'electrical' },
  { code: '26510000', description: 'Interior Lighting', types: 'S', weight: 2.1, trade: 'electrical' },
  { code: '27100000', description: 'Structured Cabling', types: 'S', weight: 1.0, trade: 'low-voltage' },
  { code: '28310000', description: 'Fire Detection and Alarm', types: 'S', weight: 0.8, trade: 'fire-alarm' },
  { code: '31100000', description: 'Site Clearing', types: 'ES', weight: 0.5, trade: 'sitework', unitOfMeasure: 'AC' },
  { code: '31200000', description: 'Earth Moving', types: 'ES', weight: 1.8, trade: 'sitework', unitOfMeasure: 'CY' },
  { code: '31230000', description: 'Excavation and Fill', types: 'EL', weight: 0.9, trade: 'sitework', unitOfMeasure: 'CY' },
  { code: '32120000', description: 'Flexible Paving', types: 'S', weight: 1.1, trade: 'paving' },
  { code: '32130000', description: 'Rigid Paving', types: 'LMS', weight: 1.0, trade: 'paving', unitOfMeasure: 'SY' },
  { code: '32900000', description: 'Planting', types: 'S', weight: 0.6, trade: 'landscaping' },
  { code: '33100000', description: 'Water Utilities', types: 'S', weight: 0.7, trade: 'utilities' },
  { code: '33300000', description: 'Sanitary Sewerage Utilities', types: 'S', weight: 0.6, trade: 'utilities' },
  { code: '33400000', description: 'Storm Drainage Utilities', types: 'S', weight: 0.8, trade: 'utilities' },
];

/** A cost code's catalog name, for a seeded line's description (the code itself if the catalog lacks it). */
export const catalogDescription = (code: string): string => COST_CODE_CATALOG.find((c) => c.code === code)?.description ?? code;

/** §3 cost types; A and F exist but are hidden (F also disabled). */
export const COST_TYPE_ROWS = [
  { costType: 'L', name: 'Labor', hidden: 0, disabled: 0 },
  { costType: 'M', name: 'Material', hidden: 0, disabled: 0 },
  { costType: 'W', name: 'Warehouse', hidden: 0, disabled: 0 },
  { costType: 'E', name: 'Equipment', hidden: 0, disabled: 0 },
  { costType: 'S', name: 'Subcontract', hidden: 0, disabled: 0 },
  { costType: 'R', name: 'Rollup', hidden: 0, disabled: 0 },
  { costType: 'A', name: 'Agency', hidden: 1, disabled: 0 },
  { costType: 'F', name: 'Fee', hidden: 1, disabled: 1 },
] as const;

/** Vendors by trade: [name, city, state]. */
export const VENDORS_BY_TRADE: Record<string, ReadonlyArray<readonly [string, string, string]>> = {
  general: [['Summit Builders Self-Perform', 'Dallas', 'TX']],
  testing: [['Terracon Field Testing Services', 'Fort Worth', 'TX'], ['Alamo Materials Testing Lab', 'San Antonio', 'TX']],
  supply: [['Builders Supply Co.', 'Dallas', 'TX'], ['Consolidated Jobsite Supply', 'Houston', 'TX']],
  equipment: [['Frontier Equipment Rental', 'Irving', 'TX'], ['Lone Star Crane & Rigging', 'Houston', 'TX']],
  cleaning: [['Spotless Construction Cleaning', 'Plano', 'TX']],
  demolition: [['Atlas Demolition & Abatement', 'Dallas', 'TX'], ['Wrecking Ball Demolition Inc.', 'Austin', 'TX']],
  concrete: [['Keystone Concrete Contractors', 'Dallas', 'TX'], ['Valley Ready Mix', 'Waco', 'TX'], ['Flatwork Specialists of Texas', 'Houston', 'TX']],
  rebar: [['Statewide Rebar Supply', 'Fort Worth', 'TX'], ['Iron Horse Reinforcing', 'San Antonio', 'TX']],
  precast: [['Gulf States Precast', 'Houston', 'TX']],
  masonry: [['Allied Masonry Contractors', 'Dallas', 'TX'], ['Brick & Block Builders', 'Austin', 'TX']],
  steel: [['Ironworks Steel Erectors', 'Fort Worth', 'TX'], ['Red River Structural Steel', 'Shreveport', 'LA']],
  'misc-metals': [['Precision Metal Fabricators', 'Garland', 'TX'], ['Railcraft Ornamental Iron', 'Austin', 'TX']],
  lumber: [['Gulf Coast Lumber & Truss', 'Conroe', 'TX'], ['Piney Woods Lumber Co.', 'Tyler', 'TX']],
  millwork: [['Cornerstone Millwork', 'Carrollton', 'TX'], ['Heritage Architectural Woodwork', 'San Marcos', 'TX']],
  insulation: [['ThermaSeal Insulation', 'Arlington', 'TX'], ['FireBlock Firestopping Systems', 'Houston', 'TX']],
  waterproofing: [['DryTech Waterproofing', 'Dallas', 'TX'], ['Envelope Sealants & Coatings', 'Austin', 'TX']],
  roofing: [['Summit Roofing Systems', 'Denton', 'TX'], ['Bayou Sheet Metal & Roofing', 'Houston', 'TX']],
  doors: [['Metro Door & Hardware', 'Dallas', 'TX'], ['Consolidated Hardware Supply', 'San Antonio', 'TX']],
  glazing: [['Clearview Glass & Glazing', 'Dallas', 'TX'], ['Skyline Curtainwall Systems', 'Houston', 'TX']],
  drywall: [['Lone Star Drywall & Acoustics', 'Dallas', 'TX'], ['Capital Interior Systems', 'Austin', 'TX'], ['Gulf Coast Wall & Ceiling', 'Houston', 'TX']],
  flooring: [['Northgate Flooring', 'Richardson', 'TX'], ['Tile Masters of Texas', 'Austin', 'TX']],
  painting: [['Benchmark Painting & Coatings', 'Mesquite', 'TX'], ['True Color Commercial Painting', 'Houston', 'TX']],
  signage: [['Hill Country Signage', 'New Braunfels', 'TX']],
  specialties: [['Division Ten Specialties', 'Dallas', 'TX'], ['Shade & Shutter Systems', 'Austin', 'TX']],
  'equipment-install': [['ProKitchen Foodservice Contractors', 'Dallas', 'TX']],
  elevator: [['Precision Elevator Co.', 'Dallas', 'TX'], ['Vertical Transit Systems', 'Houston', 'TX']],
  'fire-protection': [['Apex Fire Protection', 'Dallas', 'TX'], ['Gulf Coast Fire Sprinkler', 'Houston', 'TX']],
  plumbing: [['Heartland Plumbing Co.', 'Fort Worth', 'TX'], ['Brazos Valley Plumbing', 'Bryan', 'TX']],
  mechanical: [['Prairie Mechanical Services', 'Dallas', 'TX'], ['Comfort Air Mechanical Contractors', 'Houston', 'TX'], ['Hill Country HVAC', 'Austin', 'TX']],
  electrical: [['Bluestem Electric', 'Dallas', 'TX'], ['Pinnacle Electrical Contractors', 'Houston', 'TX'], ['Longhorn Power & Light Contractors', 'Austin', 'TX']],
  'low-voltage': [['Meridian Data Cabling', 'Plano', 'TX']],
  'fire-alarm': [['Capitol Fire Alarm & Security', 'Austin', 'TX']],
  sitework: [['Red River Excavating', 'Denton', 'TX'], ['Blackland Earthworks', 'Temple', 'TX']],
  paving: [['TriCounty Paving', 'McKinney', 'TX'], ['Interstate Asphalt & Concrete', 'San Antonio', 'TX']],
  landscaping: [['Greenway Landscaping', 'Frisco', 'TX']],
  utilities: [['Underground Utility Constructors', 'Fort Worth', 'TX'], ['Trinity Pipeline & Utilities', 'Houston', 'TX']],
};

/** The ~40 projects: [name, city, state, contract amount in $M]. The first is the pm's showcase. */
export const PROJECTS: ReadonlyArray<readonly [string, string, string, number]> = [
  ['Riverside Medical Office Building', 'Dallas', 'TX', 28.4],
  ['Lakeside Elementary School Addition', 'Rockwall', 'TX', 9.6],
  ['Cedar Park Distribution Center', 'Cedar Park', 'TX', 34.2],
  ['Northpoint Corporate Campus Phase II', 'Plano', 'TX', 52.7],
  ['St. Vincent Hospital Patient Tower Renovation', 'Fort Worth', 'TX', 41.3],
  ['Harbor View Apartments', 'Galveston', 'TX', 24.8],
  ['Westgate Shopping Center Remodel', 'Austin', 'TX', 6.2],
  ['Municipal Water Treatment Plant Expansion', 'Waco', 'TX', 38.9],
  ['Oak Hollow Senior Living', 'Georgetown', 'TX', 19.5],
  ['Eastside Fire Station No. 12', 'San Antonio', 'TX', 7.4],
  ['Metro Transit Maintenance Facility', 'Houston', 'TX', 45.1],
  ['University Science & Engineering Building', 'College Station', 'TX', 61.8],
  ['Pinecrest Middle School', 'Tyler', 'TX', 27.3],
  ['Grand Avenue Parking Garage', 'Dallas', 'TX', 14.6],
  ['Sunbelt Credit Union Headquarters', 'Irving', 'TX', 22.9],
  ['Briarwood Surgery Center', 'Houston', 'TX', 12.7],
  ['Heritage Plaza Hotel', 'San Antonio', 'TX', 36.4],
  ['County Courthouse Annex', 'Denton', 'TX', 18.2],
  ['Mesa Ridge Data Center', 'Temple', 'TX', 58.6],
  ['Founders Square Office Tower TI', 'Dallas', 'TX', 4.8],
  ['Willow Creek Community Center', 'Frisco', 'TX', 11.3],
  ['Redstone Logistics Warehouse', 'Lancaster', 'TX', 17.9],
  ['Bayou City Brewery Expansion', 'Houston', 'TX', 8.7],
  ['Central Library Renovation', 'Austin', 'TX', 15.2],
  ['Highland Park Retail Village', 'Dallas', 'TX', 21.6],
  ['Trinity Rehabilitation Hospital', 'Arlington', 'TX', 33.5],
  ['Airport Rental Car Facility', 'Houston', 'TX', 29.8],
  ['Prairie View Public Safety Complex', 'McKinney', 'TX', 26.1],
  ['Kingsley Manufacturing Plant', 'Sherman', 'TX', 31.7],
  ["Magnolia Women's Clinic", 'The Woodlands', 'TX', 9.1],
  ['Stonebridge Church Sanctuary', 'Allen', 'TX', 13.4],
  ['Coastal Bank Branch Prototype', 'Corpus Christi', 'TX', 3.2],
  ['Veterans Affairs Outpatient Clinic', 'Killeen', 'TX', 23.7],
  ['Parkside Student Housing', 'San Marcos', 'TX', 39.2],
  ['Lone Oak Recreation Center', 'Round Rock', 'TX', 10.6],
  ['Crossroads Cold Storage', 'Fort Worth', 'TX', 20.4],
  ['Mission Hills High School Athletics', 'McAllen', 'TX', 16.8],
  ['Bellaire Medical Pavilion', 'Bellaire', 'TX', 25.3],
  ['Canyon Creek Apartments Phase III', 'Lubbock', 'TX', 18.7],
  ['Summit Builders Regional Office Fit-Out', 'Austin', 'TX', 2.9],
];

export const OWNERS = [
  'Riverside Health Partners', 'Rockwall ISD', 'Cedar Park Industrial Holdings', 'Northpoint Development LLC',
  'St. Vincent Health System', 'Harbor View Residential LP', 'Westgate Retail Properties', 'City of Waco',
  'Oak Hollow Senior Communities', 'City of San Antonio', 'Metropolitan Transit Authority', 'Texas State University System',
  'Tyler ISD', 'Grand Avenue Parking Partners', 'Sunbelt Federal Credit Union', 'Briarwood Surgical Partners',
  'Heritage Hospitality Group', 'Denton County', 'Mesa Ridge Digital Infrastructure', 'Founders Square Owner LLC',
  'City of Frisco', 'Redstone Industrial REIT', 'Bayou City Brewing Co.', 'Austin Public Library',
  'Highland Park Retail Partners', 'Trinity Health Services', 'Houston Airport System', 'City of McKinney',
  'Kingsley Manufacturing Inc.', "Magnolia Women's Health", 'Stonebridge Community Church', 'Coastal Bank of Texas',
  'U.S. Department of Veterans Affairs', 'Parkside Campus Housing LLC', 'City of Round Rock', 'Crossroads Cold Chain LLC',
  'McAllen ISD', 'Bellaire Medical Properties', 'Canyon Creek Residential LP', 'Summit Builders, Inc.',
];

export const FIRST_NAMES = [
  'James', 'Maria', 'Robert', 'Jennifer', 'Michael', 'Patricia', 'David', 'Elizabeth', 'Carlos', 'Susan', 'Daniel',
  'Jessica', 'Anthony', 'Karen', 'Jose', 'Nancy', 'Brian', 'Lisa', 'Kevin', 'Rachel', 'Luis', 'Megan', 'Jason',
  'Heather', 'Ryan', 'Amanda', 'Tyler', 'Stephanie', 'Derek', 'Monica',
];
export const LAST_NAMES = [
  'Garcia', 'Johnson', 'Martinez', 'Thompson', 'Nguyen', 'Hernandez', 'Walker', 'Lopez', 'Mitchell', 'Carter',
  'Ramirez', 'Phillips', 'Campbell', 'Evans', 'Turner', 'Torres', 'Parker', 'Collins', 'Edwards', 'Stewart',
  'Morales', 'Murphy', 'Cook', 'Rogers', 'Gutierrez', 'Bailey', 'Rivera', 'Cooper', 'Richardson', 'Howard',
];
export const FIELD_TITLES = [
  'Project Manager', 'Senior Project Manager', 'Project Engineer', 'Assistant Project Manager', 'Superintendent',
  'General Superintendent', 'Estimator', 'Project Accountant', 'Field Engineer', 'Safety Manager',
];
