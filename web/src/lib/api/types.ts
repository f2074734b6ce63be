/**
 * The API's shapes for the rest of the app: aliases of the types generated from the
 * server's OpenAPI document (`schema.gen.ts`, `npm run gen:api`). Features import from
 * here, never from the generated file, so a regenerated document changes one place.
 */
import type { components, operations } from './schema.gen'

type Schemas = components['schemas']

/** The /api/v1 error envelope and its stable codes. */
export type ApiErrorBody = Schemas['ApiError']
export type ErrorCode = Schemas['ErrorCode']
export type Lang = Schemas['Lang']

// Airports (GET /api/v1/airports).
export type AirportItem = Schemas['AirportItem']
export type AirportList = Schemas['AirportList']

// Content (posts, destinations; the page data block carries the same JSON).
export type ImageInfo = Schemas['Image']
export type PostSummary = Schemas['PostSummary']
export type PostPage = Schemas['PostPage']
export type PostDetail = Schemas['PostDetail']
export type DestinationLink = Schemas['DestinationLink']
export type DestinationKind = Schemas['DestinationKind']
export type DestinationSummary = Schemas['DestinationSummary']
export type DestinationList = Schemas['DestinationList']
export type DestinationDetail = Schemas['DestinationDetail']

// Newsletter.
export type SubscribeBody = Schemas['SubscribeBody']
export type CheckInbox = Schemas['CheckInbox']
export type Confirmed = Schemas['Confirmed']
export type StateChanged = Schemas['StateChanged']
export type SubscriptionState = Schemas['SubscriptionState']

// First-party event counts, profile, geo.
export type EventBody = Schemas['EventBody']
export type EventName = Schemas['EventNameValue']
export type Profile = Schemas['Profile']
export type ProfileChanges = Schemas['ProfileChanges']
export type Country = Schemas['Country']

// The account page: signed-in devices, and deleting the account.
export type DeviceSession = Schemas['DeviceSession']
export type DeviceSessions = Schemas['DeviceSessions']
export type AccountNewsletter = Schemas['AccountNewsletter']
export type NewsletterChoice = Schemas['NewsletterChoice']
/** What confirms a deletion: the password or the mailed code, and the language of the confirmation mail. */
export type DeleteAccountRequest = Omit<Schemas['DeleteAccount'], 'lang'> & { lang: Lang }

// Consultations.
export type PlanId = string
export type Plan = Schemas['Plan']
export type Testimonial = Schemas['Testimonial']
export type Slot = Schemas['SlotView']
export type SlotsAnswer = Schemas['FreeSlots']
export type BookingStatus = Schemas['BookingState']
export type PaymentStatus = Schemas['PaymentState']
export type BookingDocument = Schemas['DocumentView']
export type BookingPayment = Schemas['PaymentView']
export type Booking = Schemas['BookingView']
export type BookingList = Schemas['BookingList']
export type PaymentAnswer = Schemas['PaymentAnswer']
/** What the booking form sends; the web always names the language of the mails. */
export type BookingRequest = Omit<Schemas['BookingRequest'], 'language'> & { language: Lang }
/** The sandbox card form; it lives in component state only, never in storage. */
export type CardDetails = Schemas['CardRequest']

// Store: the catalogue (money in USD cents).
export type ProductKind = Schemas['ProductKind']
export type StockStatus = Schemas['StockStatus']
export type StockState = Schemas['StockState']
export type ProductImage = Schemas['ProductImage']
export type ProductCard = Schemas['ProductCard']
export type ProductDetail = Schemas['ProductDetail']
export type ProductPage = Schemas['ProductPage']
export type Variant = Schemas['Variant']
/** A category of the store (`key` is the `?category=` value). */
export type Category = Schemas['Category']
/** The catalogue's `?sort=` (documented on the operation, not as a schema). */
export type ProductSort = NonNullable<NonNullable<operations['list_products']['parameters']['query']>['sort']>

// Store: carts.
export type Cart = Schemas['Cart']
export type CartLine = Schemas['CartLine']
export type LineProblem = Schemas['LineProblem']
export type AppliedDiscount = Schemas['AppliedDiscount']
export type CartLineRequest = Schemas['CartLineRequest']
export type DiscountRequest = Schemas['DiscountRequest']
export type MergeRequest = Schemas['MergeRequest']

// Store: checkout and orders.
export type ShippingMethod = Schemas['ShippingMethod']
export type ShippingOptions = Schemas['ShippingOptions']
export type Totals = Schemas['Totals']
export type QuoteRequest = Schemas['QuoteRequest']
/** An order's shipping address as the server keeps it (absent parts are empty strings). */
export type Address = Schemas['Address']
/** A shipping address as the checkout sends it. */
export type AddressRequest = Schemas['AddressRequest']
export type OrderRequest = Schemas['OrderRequest']
export type OrderStatus = Schemas['OrderStatus']
export type OrderLine = Schemas['OrderLine']
export type Download = Schemas['Download']
export type Tracking = Schemas['Tracking']
export type ChosenShipping = Schemas['ChosenShipping']
/** A payment as bookings and orders show it (the same schema as `BookingPayment`). */
export type PaymentView = Schemas['PaymentView']
export type Order = Schemas['Order']
export type OrderList = Schemas['OrderList']

// Consultations after the call (issue 14): the traveller's case, the public opinions.
export type CaseState = Schemas['CaseState']
export type CaseView = Schemas['CaseView']
export type Advice = Schemas['Advice']
export type AdviceStep = Schemas['AdviceStep']
export type CaseMessage = Schemas['CaseMessage']
export type QuestionRequest = Schemas['QuestionRequest']
export type OpinionSummary = Schemas['OpinionSummary']
export type OpinionSummaryList = Schemas['OpinionSummaryList']
export type OpinionPage = Schemas['OpinionPage']

// Staff (the console at /staff, decisions 013 and 014): who is signed in, the team, the audit
// log, and the consultations' side of the work (agenda, cases, opinions, availability).
export type StaffRole = Schemas['Role']
export type StaffMe = Schemas['StaffMe']
export type StaffMember = Schemas['StaffMember']
export type RolesChange = Schemas['RolesChange']
export type AuditEntry = Schemas['AuditEntry']
export type StaffBooking = Schemas['StaffBooking']
export type StaffBookingDetail = Schemas['StaffBookingDetail']
export type StaffBookingList = Schemas['StaffBookingList']
export type OpinionCategory = Schemas['OpinionCategory']
export type Opinion = Schemas['Opinion']
export type OpinionList = Schemas['OpinionList']
export type OpinionText = Schemas['OpinionText']
export type OpinionRequest = Schemas['OpinionRequest']
export type AdviceRequest = Schemas['AdviceRequest']
export type Consultant = Schemas['Consultant']
export type ConsultantCard = Schemas['ConsultantCard']
export type ConsultantChange = Schemas['ConsultantChange']
export type ConsultantRequest = Schemas['ConsultantRequest']
export type TimeOff = Schemas['TimeOff']
export type TimeOffRequest = Schemas['TimeOffRequest']
export type Availability = Schemas['Availability']
export type OutcomeRequest = Schemas['OutcomeRequest']
export type MeetingRequest = Schemas['MeetingRequest']
export type StaffRescheduleRequest = Schemas['StaffRescheduleRequest']
export type ReassignRequest = Schemas['ReassignRequest']

// The owners' console (decision 018, admins only): orders and refunds, stock, discount codes,
// newsletter issues, the dashboard and users; and the public archive of sent issues.
export type OrderKind = Schemas['OrderKind']
export type StaffOrderSummary = Schemas['StaffOrderSummary']
export type StaffOrderList = Schemas['StaffOrderList']
export type StaffOrderLine = Schemas['StaffOrderLine']
export type StaffPayment = Schemas['StaffPayment']
export type StaffRefund = Schemas['StaffRefund']
export type OrderEvent = Schemas['OrderEvent']
export type OrderEventKind = Schemas['OrderEventKind']
export type StaffOrderDetail = Schemas['StaffOrderDetail']
export type ShipRequest = Schemas['ShipRequest']
/** Units of one order line (a refund's lines). */
export type LineUnits = Schemas['LineUnits']
export type RefundRequest = Schemas['RefundRequest']
export type StockItem = Schemas['StockItem']
export type StockList = Schemas['StockList']
export type StockChange = Schemas['StockChange']
export type StaffDiscount = Schemas['StaffDiscount']
export type DiscountList = Schemas['DiscountList']
export type NewDiscountRequest = Schemas['NewDiscountRequest']
export type DiscountActive = Schemas['DiscountActive']
export type NewsletterIssue = Schemas['NewsletterIssue']
export type IssueFigures = Schemas['IssueFigures']
export type IssueList = Schemas['IssueList']
export type IssueDraft = Schemas['IssueDraft']
export type IssuePreviewRequest = Schemas['IssuePreviewRequest']
export type IssuePreview = Schemas['IssuePreview']
export type TestSent = Schemas['TestSent']
export type SendRequest = Schemas['SendRequest']
export type Dashboard = Schemas['Dashboard']
export type DashboardPeriod = Schemas['DashboardPeriod']
export type CaseCounts = Schemas['CaseCounts']
export type SubscriberCount = Schemas['SubscriberCount']
export type SourceCount = Schemas['SourceCount']
export type TopPost = Schemas['TopPost']
export type OutboxHealth = Schemas['OutboxHealth']
export type StaffUserSummary = Schemas['StaffUserSummary']
export type StaffUserList = Schemas['StaffUserList']
export type StaffUserBooking = Schemas['StaffUserBooking']
export type StaffUserDetail = Schemas['StaffUserDetail']
export type BanRequest = Schemas['BanRequest']
export type NewsletterArchive = Schemas['NewsletterArchive']
export type NewsletterArchiveItem = Schemas['NewsletterArchiveItem']
export type NewsletterArchiveIssue = Schemas['NewsletterArchiveIssue']
