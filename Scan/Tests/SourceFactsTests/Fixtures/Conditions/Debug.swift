import Injection

final class Live {}
final class Mock {}
final class Preview {}

func wire(app: Container) {
    #if DEBUG
    app.register { Mock() as Service }  // #R:debug
    #elseif PREVIEW
    app.register { Preview() as Service }  // #R:preview
    #else
    app.register { Live() as Service }  // #R:release
    #endif
    #if os(iOS)
    app.register { Live() }  // #R:ios
    #endif
}
