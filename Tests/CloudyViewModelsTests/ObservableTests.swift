import CloudyTestFakes
import Testing

@testable import CloudyViewModels

@Suite("Observable")
struct ObservableTests {
  @Test func deliversTheCurrentValueOnBind() {
    let observable = Observable(3)
    var seen: [Int] = []
    let token = observable.bind { seen.append($0) }
    #expect(seen == [3])
    _ = token
  }

  @Test func notifiesEveryObserverInOrder() {
    let observable = Observable("a")
    var seen: [String] = []
    let first = observable.bind { seen.append("1:\($0)") }
    let second = observable.bind { seen.append("2:\($0)") }
    observable.value = "b"
    #expect(seen == ["1:a", "2:a", "1:b", "2:b"])
    _ = (first, second)
  }

  @Test func cancellingStopsOneObserverOnly() {
    let observable = Observable(0)
    var first: [Int] = []
    var second: [Int] = []
    let firstToken = observable.bind { first.append($0) }
    let secondToken = observable.bind { second.append($0) }
    firstToken.cancel()
    firstToken.cancel()  // twice is harmless
    observable.value = 1
    #expect(first == [0])
    #expect(second == [0, 1])
    #expect(firstToken.isCancelled)
    #expect(!secondToken.isCancelled)
  }

  @Test func releasingTheTokenStopsObserving() {
    let observable = Observable(0)
    var seen: [Int] = []
    do {
      let token = observable.bind { seen.append($0) }
      observable.value = 1
      _ = token
    }
    observable.value = 2
    #expect(seen == [0, 1])
  }

  @Test func theTokenDoesNotKeepTheObservableAlive() {
    weak var weakObservable: Observable<Int>?
    var token: ObservationToken?
    do {
      let observable = Observable(0)
      weakObservable = observable
      token = observable.bind { _ in }
    }
    #expect(weakObservable == nil)
    token?.cancel()  // after the observable is gone: harmless
  }

  @Test func aViewModelObservingItselfWeaklyIsReleased() {
    weak var weakModel: AddLocationViewModel?
    do {
      let model = AddLocationViewModel(geocoder: FakeGeocoder(), store: FakeLocationStore())
      weakModel = model
      model.query.value = "x"
    }
    #expect(weakModel == nil)
  }

  @Test func anObserverMayCancelDuringNotification() {
    let observable = Observable(0)
    var seen: [Int] = []
    var token: ObservationToken?
    token = observable.bind { value in
      seen.append(value)
      if value == 1 { token?.cancel() }
    }
    observable.value = 1
    observable.value = 2
    #expect(seen == [0, 1])
  }
}
