import UIKit

final class Analytics {
    func register(event: String) {}
    func resolve(_ value: Int) {}
}

final class ListController {
    let tableView = UITableView()
    let analytics = Analytics()

    func setUp() {
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "cell")  // #N:tableView
        analytics.register(event: "open")  // #N:analytics
        unknownThing.register(Cell.self, forCellWithReuseIdentifier: "c")  // #N:unknown
        BGTaskScheduler.shared.register(forTaskWithIdentifier: "refresh", using: nil) { task in }  // #N:labels
        registry.register { Plugin() }  // #R:guessed
        photos.first!.resolve { image in show(image) }  // #N:closureResolve
    }
}
